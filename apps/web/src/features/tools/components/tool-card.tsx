import type { Tool } from "@toolshop/shared/tools";
import { Link, useLocation } from "react-router";
import { Money } from "../../../components/money";
import { AddToCartButton } from "../../cart/components/add-to-cart-button";
import { toolsListState } from "../list-location";
import { isSoldOut } from "../stock";
import { LowStockBadge } from "./low-stock-badge";
import { ToolPicture } from "./tool-picture";
import { ToolQuantities } from "./tool-quantities";

/**
 * One tool of the catalogue, with its order and add-to-cart buttons; a sold-out tool has none to follow. The name links
 * to the tool's page, and its link covers the whole card (the picture too) but the order button: one
 * link for screen readers and keyboards, a large target for the pointer.
 */
export interface CompareChoice {
  checked: boolean;
  onToggle: () => void;
}

export function ToolCard({ tool, compare }: { tool: Tool; compare?: CompareChoice | undefined }) {
  // A discontinued tool stays listed (decision 0058) but, as a sold-out one, offers nothing to order.
  const soldOut = isSoldOut(tool) || tool.discontinued;
  const { search } = useLocation();
  return (
    <article className="card relative border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <ToolPicture tool={tool} />
      <div className="card-body gap-3">
        <h3 className="card-title text-lg">
          <Link
            to={`/tools/${tool._id}`}
            className="after:absolute after:inset-0 after:rounded-box hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary"
          >
            {tool.name}
          </Link>
        </h3>
        <p className="text-base-content/80">{tool.short}</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-2xl font-bold text-primary">
            <Money amount={tool.price} />
          </p>
          <LowStockBadge tool={tool} />
        </div>
        <ToolQuantities tool={tool} />
        {compare ? (
          // Above the name's link, which covers the card.
          <label className="relative z-10 flex w-fit cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={compare.checked}
              onChange={compare.onToggle}
            />
            Compare<span className="sr-only"> {tool.name}</span>
          </label>
        ) : null}
        {/* Above the name's link, which covers the card. */}
        <div className="card-actions relative z-10 mt-auto flex-col">
          {soldOut ? (
            // No link: nothing can be ordered until the stock covers a minimum order again.
            <button type="button" className="btn w-full" disabled>
              {tool.discontinued ? "Discontinued" : "Sold out"}
              <span className="sr-only">: {tool.name}</span>
            </button>
          ) : (
            <Link
              to={`/checkout/${tool._id}`}
              state={toolsListState(search)}
              className="btn w-full btn-primary"
            >
              Order now<span className="sr-only">: {tool.name}</span>
            </Link>
          )}
          {soldOut ? null : (
            <AddToCartButton
              tool={tool}
              className="w-full"
              buttonClassName="btn w-full btn-outline btn-primary"
            />
          )}
        </div>
      </div>
    </article>
  );
}
