import { formatCount } from "../../../lib/format";
import { isLowStock, type Stock } from "../stock";

/** "Only N left" while a tool is low on stock (see stock.ts); nothing otherwise. */
export function LowStockBadge({ tool }: { tool: Stock }) {
  if (!isLowStock(tool)) return null;
  return <p className="badge badge-warning font-semibold">Only {formatCount(tool.availableQuantity)} left</p>;
}
