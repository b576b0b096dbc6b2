import type { Tool } from "@toolshop/shared/tools";
import { Link } from "react-router";
import { formatCount, formatPrice } from "../../../lib/format";
import { isSoldOut } from "../stock";
import { LowStockBadge } from "./low-stock-badge";
import { ToolPicture } from "./tool-picture";

/** One tool of the catalogue, with its order button; a sold-out tool has none to follow. */
export function ToolCard({ tool }: { tool: Tool }) {
  const soldOut = isSoldOut(tool);
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <ToolPicture tool={tool} />
      <div className="card-body gap-3">
        <h3 className="card-title text-lg">{tool.name}</h3>
        <p className="text-base-content/80">{tool.short}</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-2xl font-bold text-primary">{formatPrice(tool.price)}</p>
          <LowStockBadge tool={tool} />
        </div>
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
        <div className="card-actions mt-auto">
          {soldOut ? (
            // No link: nothing can be ordered until the stock covers a minimum order again.
            <button type="button" className="btn w-full" disabled>
              Sold out<span className="sr-only">: {tool.name}</span>
            </button>
          ) : (
            <Link to={`/checkout/${tool._id}`} className="btn w-full btn-primary">
              Order now<span className="sr-only">: {tool.name}</span>
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
