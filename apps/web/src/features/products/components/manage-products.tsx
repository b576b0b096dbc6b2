import { useQuery } from "@tanstack/react-query";
import type { Tool } from "@toolshop/shared/tools";
import { useState } from "react";
import { LoadError } from "../../../components/load-error";
import { MessagePanel } from "../../../components/message-panel";
import { ProductThumbnail } from "../../../components/product-thumbnail";
import { Spinner } from "../../../components/spinner";
import { formatCount, formatPrice } from "../../../lib/format";
import { toolsQueryOptions } from "../../tools/api/get-tools";
import { DeleteProductDialog } from "./delete-product-dialog";
import { EditProductDialog } from "./edit-product-dialog";

type Action = { kind: "edit" | "delete"; tool: Tool };

/** Manage Products (admin): every tool with its stock, each with Edit and Delete. */
export function ManageProducts() {
  const { data: tools, error, isPending, refetch, isRefetching } = useQuery(toolsQueryOptions);
  const [action, setAction] = useState<Action | null>(null);

  if (isPending) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner label="Loading the products" />
      </div>
    );
  }
  if (error) {
    return (
      <LoadError
        title="The products could not be loaded."
        error={error}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }
  if (tools.length === 0) {
    return (
      <MessagePanel
        message="There are no products yet."
        link={{ to: "/dashboard/addproduct", label: "Add a product" }}
      />
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="Products">
        {tools.map((tool) => (
          <li key={tool._id}>
            <ProductRow tool={tool} onAction={setAction} />
          </li>
        ))}
      </ul>
      {action?.kind === "edit" ? (
        <EditProductDialog key={action.tool._id} tool={action.tool} onClose={() => setAction(null)} />
      ) : null}
      {action?.kind === "delete" ? (
        <DeleteProductDialog key={action.tool._id} tool={action.tool} onClose={() => setAction(null)} />
      ) : null}
    </>
  );
}

/** One product: a card on a phone, a row on wider screens. */
function ProductRow({ tool, onAction }: { tool: Tool; onAction: (action: Action) => void }) {
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
          className="btn flex-1 btn-outline btn-sm btn-error md:flex-none"
          onClick={() => onAction({ kind: "delete", tool })}
        >
          Delete<span className="sr-only"> {tool.name}</span>
        </button>
      </div>
    </article>
  );
}
