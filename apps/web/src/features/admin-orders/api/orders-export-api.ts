import { type OrdersExportQuery, ordersExportFileName } from "@toolshop/shared/spreadsheets";
import { apiFileRequest } from "../../../lib/api-client";
import { saveFile } from "../../../lib/save-file";

/** GET /api/orders/export.csv?from=&to= (admin), saved as the file the server names. */
export async function downloadOrders(range: OrdersExportQuery): Promise<void> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  const { blob, fileName } = await apiFileRequest(`/orders/export.csv?${query}`);
  saveFile(blob, fileName ?? ordersExportFileName(range));
}
