import { useState } from "react";
import { Link } from "react-router";
import { openStockAlertLink } from "../api/stock-alerts-api";

const WORDING = {
  confirm: {
    title: "Confirm your alert",
    lead: "Confirm, and we will email you once when the tool is back in stock.",
    action: "Confirm the alert",
  },
  unsubscribe: {
    title: "No more back-in-stock mails",
    lead: "Stop every back-in-stock alert of the address this mail went to.",
    action: "Stop the mails",
  },
} as const;

/**
 * Where a back-in-stock mail's link lands (decision 0059). Nothing changes until the person presses
 * the button: a mail scanner that opens every link changes nothing by opening it.
 */
export function StockAlertLink({ kind, token }: { kind: "confirm" | "unsubscribe"; token: string | null }) {
  const wording = WORDING[kind];
  const [state, setState] = useState<{ done?: string; failed?: string; sending?: boolean }>({});
  const press = async () => {
    if (!token) return;
    setState({ sending: true });
    try {
      setState({ done: (await openStockAlertLink(kind, token)).message });
    } catch (error) {
      setState({ failed: error instanceof Error ? error.message : "That did not work. Please try again." });
    }
  };
  return (
    <div className="grid place-items-center px-4 py-12">
      <div className="flex w-full max-w-md flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-3xl font-bold">{wording.title}</h1>
        {state.done ? (
          <p role="status">{state.done}</p>
        ) : token ? (
          <>
            <p>{wording.lead}</p>
            <button type="button" className="btn btn-primary" disabled={state.sending} onClick={press}>
              {state.sending ? "Sending…" : wording.action}
            </button>
          </>
        ) : (
          <p role="alert">This link is not complete: please open it from the mail again.</p>
        )}
        {state.failed ? (
          <p role="alert" className="text-error">
            {state.failed}
          </p>
        ) : null}
        <Link to="/tools" className="link self-center">
          Browse the tools
        </Link>
      </div>
    </div>
  );
}
