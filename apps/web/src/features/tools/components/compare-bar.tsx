import { Link } from "react-router";
import { comparePath, setCompared } from "../compare-selection";

interface CompareBarProps {
  ids: readonly string[];
  /** A fifth tool was ticked: the bar says why it was not taken. */
  refused: boolean;
}

/**
 * The tools ticked for comparison: a link to them side by side, kept in sight at the foot of the
 * list while it scrolls. Its status line is always there, so that a screen reader hears the refusal.
 */
export function CompareBar({ ids, refused }: CompareBarProps) {
  return (
    <div className="pointer-events-none sticky bottom-4 z-20 mt-6 flex justify-center">
      <div
        className={`pointer-events-auto flex flex-wrap items-center justify-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 shadow-lg ${
          ids.length > 0 || refused ? "" : "sr-only"
        }`}
      >
        <p role="status" className="text-sm empty:hidden">
          {refused ? "You can compare up to four tools. Untick one to add another." : ""}
        </p>
        {ids.length > 0 ? (
          <>
            <Link to={comparePath(ids)} className="btn btn-primary btn-sm">
              Compare ({ids.length})
            </Link>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCompared([])}>
              Untick all
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
