import { useQuery } from "@tanstack/react-query";
import { toolIdParamsSchema } from "@toolshop/shared/tools";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { MessagePanel } from "../../../components/message-panel";
import { Money } from "../../../components/money";
import { QueryView } from "../../../components/query-view";
import { Screen } from "../../../components/screen";
import { ApiRequestError } from "../../../lib/api-client";
import { formatCount } from "../../../lib/format";
import { toolQueryOptions } from "../../tools/api/get-tool";
import { LowStockBadge } from "../../tools/components/low-stock-badge";
import { ToolPicture } from "../../tools/components/tool-picture";
import { toolsListHref } from "../../tools/list-location";
import { isSoldOut } from "../../tools/stock";
import { CheckoutForm } from "./checkout-form";

interface CheckoutScreenProps {
  toolId: string;
  email: string;
}

interface PlacedOrder {
  name: string;
  quantity: number;
  price: number;
}

/** /checkout/:id: the tool being ordered beside its order form, or why it cannot be ordered. */
export function CheckoutScreen({ toolId, email }: CheckoutScreenProps) {
  // A malformed id names no tool: nothing to ask the server.
  const wellFormed = toolIdParamsSchema.safeParse({ id: toolId }).success;
  const query = useQuery({ ...toolQueryOptions(toolId), enabled: wellFormed });
  const backToTools = toolsListHref(useLocation().state);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  // The server's sentence when it refused the order: it stays when the re-checked tool is sold out.
  const [refusal, setRefusal] = useState<string | null>(null);
  const { error } = query;
  const notFound =
    !wellFormed || (error instanceof ApiRequestError && (error.status === 404 || error.status === 400));

  return (
    <Screen title="Checkout" className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      {notFound ? (
        <MessagePanel
          message="This tool does not exist or is no longer sold."
          link={{ to: backToTools, label: "Back to the tools" }}
        />
      ) : (
        <QueryView query={query} pendingLabel="Loading the tool" errorTitle="The tool could not be loaded.">
          {(tool) => (
            <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <article className="card h-fit border border-base-300 bg-base-100">
                <ToolPicture tool={tool} loading="eager" />
                <div className="card-body gap-2">
                  <h2 className="card-title">
                    {/* Back to the tool's own page, to read more before ordering. */}
                    <Link to={`/tools/${tool._id}`} className="link link-hover">
                      {tool.name}
                    </Link>
                  </h2>
                  <p className="text-base-content/80">{tool.short}</p>
                  <p className="text-xl font-bold text-primary">
                    <Money amount={tool.price} />
                  </p>
                  <p className="text-sm">
                    Minimum order {formatCount(tool.minQuantity)} · {formatCount(tool.availableQuantity)} in
                    stock
                  </p>
                  <LowStockBadge tool={tool} />
                </div>
              </article>
              <div className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
                {placed ? (
                  <div role="status" className="flex flex-col gap-3">
                    <p className="text-lg font-semibold">Your order is placed.</p>
                    <p>
                      {formatCount(placed.quantity)} × {placed.name} for <Money amount={placed.price} />. Pay
                      for it from My orders.
                    </p>
                    <Link to="/dashboard" className="btn btn-primary sm:self-start">
                      Go to My orders
                    </Link>
                  </div>
                ) : isSoldOut(tool) ? (
                  <div className="flex flex-col gap-3">
                    {refusal ? (
                      <p role="alert" className="rounded-field bg-error/10 p-3 text-error">
                        The order was not placed: {refusal}
                      </p>
                    ) : null}
                    <p className="text-lg font-semibold">{tool.name} is sold out.</p>
                    <p>
                      Fewer units are in stock than the minimum order of {formatCount(tool.minQuantity)}.
                      Please come back later or choose another tool.
                    </p>
                    <Link to={backToTools} className="link link-primary">
                      Back to the tools
                    </Link>
                  </div>
                ) : (
                  <CheckoutForm tool={tool} email={email} onPlaced={setPlaced} onRefused={setRefusal} />
                )}
              </div>
            </div>
          )}
        </QueryView>
      )}
    </Screen>
  );
}
