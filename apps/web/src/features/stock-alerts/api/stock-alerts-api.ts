import { queryOptions } from "@tanstack/react-query";
import type { StockAlertAnswer, StockAlertRequest, StockAlertsWaiting } from "@toolshop/shared/stock-alerts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/stock-alerts: signed in, the account's address; otherwise `email`, proven by a link. */
export function requestStockAlert(request: StockAlertRequest): Promise<StockAlertAnswer> {
  return apiRequest<StockAlertAnswer>("/stock-alerts", { method: "POST", json: request });
}

/** POST /api/stock-alerts/confirm or /unsubscribe with a mailed link's token. */
export function openStockAlertLink(
  kind: "confirm" | "unsubscribe",
  token: string,
): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/stock-alerts/${kind}`, { method: "POST", json: { token } });
}

/** GET /api/stock-alerts/waiting (admins): confirmed alerts per tool, for Manage Products. */
export const stockAlertsWaitingQueryOptions = () =>
  queryOptions({
    queryKey: ["stock-alerts", "waiting"] as const,
    queryFn: ({ signal }) => apiRequest<StockAlertsWaiting>("/stock-alerts/waiting", { signal }),
    select: (rows) => new Map(rows.map((row) => [row.toolId, row.waiting])),
  });
