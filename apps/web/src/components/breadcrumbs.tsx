import { Link } from "react-router";

/** One step of the trail: a link, or the current page (the last one, without `to`). */
export interface Crumb {
  label: string;
  to?: string;
}

/** Where a page sits in the shop: Home > Tools > Electrical > Drills > Pliers. */
export function Breadcrumbs({ crumbs, className = "" }: { crumbs: readonly Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={`text-sm ${className}`}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-base-content/70">
        {crumbs.map((crumb, index) => (
          <li
            key={`${crumb.to ?? "current"}:${crumb.label}`}
            className={index > 0 ? "before:mr-2 before:content-['/']" : ""}
          >
            {crumb.to === undefined ? (
              <span aria-current="page" className="text-base-content">
                {crumb.label}
              </span>
            ) : (
              <Link to={crumb.to} className="link link-hover">
                {crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
