import { formatCount } from "../../../lib/format";
import type { Stock } from "../stock";

/** A tool's minimum order and the units in stock, as its card and its page show them. */
export function ToolQuantities({ tool }: { tool: Stock }) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm">
      <div className="rounded-field bg-base-200 px-3 py-2">
        <dt className="text-base-content/70">Minimum order</dt>
        <dd className="font-semibold">{formatCount(tool.minQuantity)}</dd>
      </div>
      <div className="rounded-field bg-base-200 px-3 py-2">
        <dt className="text-base-content/70">Available</dt>
        <dd className="font-semibold">{formatCount(tool.availableQuantity)}</dd>
      </div>
    </dl>
  );
}
