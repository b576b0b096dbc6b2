import { useState } from "react";
import { formatCount } from "../../../lib/format";
import type { AskedAddition } from "../use-url-addition";

/**
 * The question a cart link the server did not vouch for is answered with (docs/decisions/0050): it may
 * come from another site, so nothing is added until the customer says so.
 */
export function CartLinkQuestion({ asked }: { asked: AskedAddition }) {
  const [adding, setAdding] = useState(false);
  const question = `Add ${formatCount(asked.quantity)} × ${asked.tool.name} to your cart?`;
  return (
    <section
      aria-label="Add from a link"
      className="flex flex-col gap-3 rounded-box border border-primary/40 bg-base-200 p-4 sm:flex-row sm:items-center"
    >
      <p className="flex-1 font-medium">{question}</p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={adding}
          onClick={() => {
            setAdding(true);
            void asked.confirm().finally(() => setAdding(false));
          }}
        >
          Add to cart
        </button>
        <button type="button" className="btn btn-ghost" onClick={asked.dismiss}>
          No, thanks
        </button>
      </div>
    </section>
  );
}
