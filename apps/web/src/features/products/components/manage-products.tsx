import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { TOOL_SEARCH_MAX_LENGTH, type Tool } from "@toolshop/shared/tools";
import { useState } from "react";
import { FilterSelect, LoadMore, SearchField, useListParams } from "../../../components/list-controls";
import { MessagePanel } from "../../../components/message-panel";
import { ProductThumbnail } from "../../../components/product-thumbnail";
import { QueryView } from "../../../components/query-view";
import { SkuLabel } from "../../../components/sku-label";
import { formatCount, formatPrice } from "../../../lib/format";
import { categoriesQueryOptions } from "../../categories/api/get-categories";
import { categoryOptions, findCategory } from "../../categories/category-tree";
import { stockAlertsWaitingQueryOptions } from "../../stock-alerts/api/stock-alerts-api";
import { toolSearchInfiniteQueryOptions } from "../../tools/api/search-tools";
import { CatalogueSpreadsheet } from "./catalogue-import";
import { DeleteProductDialog } from "./delete-product-dialog";
import { EditProductDialog } from "./edit-product-dialog";
import { RelationsDialog } from "./relations-dialog";

type Action = { kind: "edit" | "relations" | "delete"; tool: Tool };

const ALL_CATEGORIES = "all";

/**
 * Manage Products (admin): the tools by name with their stock, each with Edit and Delete; searched
 * and filtered on the server (?q=&category= in the URL), one page at a time.
 */
export function ManageProducts() {
  const [params, setParams] = useListParams();
  const q = (params.get("q")?.trim() ?? "").slice(0, TOOL_SEARCH_MAX_LENGTH);
  const tree = useQuery(categoriesQueryOptions);
  // A category of the tree (with its sub-categories); an unknown one in the URL is read as all, once
  // the tree has come to say so.
  const asked = params.get("category")?.trim().toLowerCase() || null;
  const category = tree.data ? (findCategory(tree.data, asked)?.slug ?? null) : asked;

  return (
    <div className="flex flex-col gap-4">
      <CatalogueSpreadsheet />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          label="Search products"
          placeholder="Name or description…"
          value={q}
          onSearch={(text) => setParams({ q: text.slice(0, TOOL_SEARCH_MAX_LENGTH) || null })}
        />
        <FilterSelect<string>
          label="Category"
          value={category ?? ALL_CATEGORIES}
          options={[
            [ALL_CATEGORIES, "All categories"],
            ...categoryOptions(tree.data ?? []).map((option) => [option.value, option.label] as const),
          ]}
          onChange={(value) => setParams({ category: value === ALL_CATEGORIES ? null : value })}
        />
      </div>
      <ProductList q={q} category={category} />
    </div>
  );
}

function ProductList({ q, category }: { q: string; category: string | null }) {
  const products = useInfiniteQuery(toolSearchInfiniteQueryOptions({ q, category, sort: "name" }));
  const [action, setAction] = useState<Action | null>(null);
  // How many wait for a mail when each sold-out tool is back (decision 0059); the list shows without it.
  const waiting = useQuery(stockAlertsWaitingQueryOptions()).data;

  const tools = products.data?.pages.flatMap((page) => page.tools) ?? [];
  const total = products.data?.pages[0]?.total ?? 0;
  return (
    <QueryView
      query={products}
      pendingLabel="Loading the products"
      errorTitle="The products could not be loaded."
      isEmpty={() => tools.length === 0}
      empty={
        q || category ? (
          <p aria-live="polite">No products match this search.</p>
        ) : (
          <MessagePanel
            message="There are no products yet."
            link={{ to: "/dashboard/addproduct", label: "Add a product" }}
          />
        )
      }
    >
      {() => (
        <>
          <p aria-live="polite" className="text-sm text-base-content/80">
            {formatCount(tools.length)} of {formatCount(total)} {total === 1 ? "product" : "products"} shown.
          </p>
          <ul className="flex flex-col gap-3" aria-label="Products">
            {tools.map((tool) => (
              <li key={tool._id}>
                <ProductRow tool={tool} waiting={waiting?.get(tool._id) ?? 0} onAction={setAction} />
              </li>
            ))}
          </ul>
          <LoadMore
            hasNextPage={products.hasNextPage}
            isFetchingNextPage={products.isFetchingNextPage}
            error={products.isFetchNextPageError ? products.error : null}
            fetchNextPage={products.fetchNextPage}
          />
          {action?.kind === "edit" ? (
            <EditProductDialog key={action.tool._id} tool={action.tool} onClose={() => setAction(null)} />
          ) : null}
          {action?.kind === "relations" ? (
            <RelationsDialog key={action.tool._id} tool={action.tool} onClose={() => setAction(null)} />
          ) : null}
          {action?.kind === "delete" ? (
            <DeleteProductDialog key={action.tool._id} tool={action.tool} onClose={() => setAction(null)} />
          ) : null}
        </>
      )}
    </QueryView>
  );
}

/** One product: a card on a phone, a row on wider screens. */
function ProductRow({
  tool,
  waiting,
  onAction,
}: {
  tool: Tool;
  /** Confirmed back-in-stock alerts not mailed yet. */
  waiting: number;
  onAction: (action: Action) => void;
}) {
  const soldOut = tool.availableQuantity < tool.minQuantity;
  return (
    <article
      aria-label={tool.name}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 md:flex-row md:items-center"
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <ProductThumbnail src={tool.image} size="medium" />
        <div className="min-w-0">
          <h2 className="font-semibold">{tool.name}</h2>
          <SkuLabel sku={tool.sku} className="block" />
          <p className="text-xs text-base-content/70">
            {tool.category.path.map((step) => step.name).join(" > ")}
          </p>
          <p className="line-clamp-2 text-sm text-base-content/70">{tool.short}</p>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm md:w-80 md:shrink-0">
        <div>
          <dt className="text-base-content/70">Price</dt>
          <dd className="font-semibold">{formatPrice(tool.price)}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Minimum</dt>
          <dd className="font-semibold">{formatCount(tool.minQuantity)}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">In stock</dt>
          <dd className={`font-semibold ${soldOut ? "text-error" : ""}`}>
            {formatCount(tool.availableQuantity)}
            {soldOut ? " (sold out)" : ""}
          </dd>
          {waiting > 0 ? (
            <dd className="text-xs text-base-content/70">
              {formatCount(waiting)} {waiting === 1 ? "alert waits" : "alerts wait"}
            </dd>
          ) : null}
        </div>
      </dl>
      <div className="flex gap-2 md:shrink-0">
        <button
          type="button"
          className="btn flex-1 btn-sm md:flex-none"
          onClick={() => onAction({ kind: "edit", tool })}
        >
          Edit<span className="sr-only"> {tool.name}</span>
        </button>
        <button
          type="button"
          className="btn flex-1 btn-sm md:flex-none"
          onClick={() => onAction({ kind: "relations", tool })}
        >
          Relations<span className="sr-only"> of {tool.name}</span>
        </button>
        <button
          type="button"
          className="btn flex-1 btn-outline btn-sm btn-error md:flex-none"
          onClick={() => onAction({ kind: "delete", tool })}
        >
          Delete<span className="sr-only"> {tool.name}</span>
        </button>
      </div>
    </article>
  );
}
