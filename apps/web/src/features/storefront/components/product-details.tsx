import { toolsPagePath } from "@toolshop/shared/page-paths";
import type { Tool } from "@toolshop/shared/tools";
import { Link } from "react-router";
import { Breadcrumbs } from "../../../components/breadcrumbs";
import { Money } from "../../../components/money";
import { SkuLabel } from "../../../components/sku-label";
import { formatCount } from "../../../lib/format";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { AddToCartForm } from "../../cart/components/add-to-cart-form";
import { StockAlertForm } from "../../stock-alerts/components/stock-alert-form";
import { LowStockBadge } from "../../tools/components/low-stock-badge";
import { ToolQuantities } from "../../tools/components/tool-quantities";
import { isSoldOut } from "../../tools/stock";
import { PriceBreaksTable } from "./price-breaks-table";
import { ProductDocuments } from "./product-documents";
import { ProductGallery } from "./product-gallery";
import { ProductRelations, RelatedToolLink } from "./product-relations";
import { ProductReviews } from "./product-reviews";
import { ProductSpecifications } from "./product-specifications";

/**
 * A tool's own page: its pictures, name, description, price, minimum order, stock, documents and the
 * order button, then its reviews. The server renders it too, into the page it sends (docs/decisions/0047).
 */
export function ProductDetails({ tool }: { tool: Tool }) {
  useDocumentTitle(tool.name);
  const soldOut = isSoldOut(tool);
  return (
    <article
      aria-labelledby="product-heading"
      className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-2 md:gap-12 md:py-12"
    >
      <Breadcrumbs
        className="md:col-span-2"
        crumbs={[
          { label: "Home", to: "/" },
          { label: "Tools", to: toolsPagePath(null) },
          ...tool.category.path.map((step) => ({ label: step.name, to: toolsPagePath(step.slug) })),
          { label: tool.name },
        ]}
      />
      <ProductGallery toolName={tool.name} images={tool.images} />
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <h1 id="product-heading" className="text-3xl font-bold sm:text-4xl">
            {tool.name}
          </h1>
          <SkuLabel sku={tool.sku} />
        </div>
        <p className="text-lg whitespace-pre-line text-base-content/80">{tool.short}</p>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-3xl font-bold text-primary">
            <Money amount={tool.price} />
          </p>
          {tool.discontinued ? (
            <p className="badge badge-neutral font-semibold">Discontinued</p>
          ) : soldOut ? (
            <p className="badge badge-neutral font-semibold">Sold out</p>
          ) : (
            <LowStockBadge tool={tool} />
          )}
        </div>
        <ToolQuantities tool={tool} />
        <PriceBreaksTable breaks={tool.priceBreaks} />
        <ProductSpecifications attributes={tool.attributes} />
        <ProductDocuments documents={tool.documents} />
        <ProductRelations related={tool.related} />
        {tool.discontinued ? (
          // No order button: the server refuses a discontinued tool in any order, cart or quote.
          <div className="rounded-field bg-base-200 p-4">
            <p>This tool is discontinued and can no longer be ordered.</p>
            {tool.related.successor ? (
              <p>
                Replaced by <RelatedToolLink tool={tool.related.successor} />
              </p>
            ) : null}
          </div>
        ) : soldOut ? (
          // No order button: nothing can be ordered until the stock covers a minimum order again.
          <div className="flex flex-col gap-4">
            <p className="rounded-field bg-base-200 p-4">
              Fewer units are in stock than the minimum order of {formatCount(tool.minQuantity)}. Please come
              back later or choose another tool.
            </p>
            <StockAlertForm toolId={tool._id} toolName={tool.name} />
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <AddToCartForm tool={tool} />
            <Link to={`/checkout/${tool._id}`} className="btn btn-lg btn-primary sm:self-start">
              Order now
            </Link>
          </div>
        )}
      </div>
      <ProductReviews toolId={tool._id} />
    </article>
  );
}
