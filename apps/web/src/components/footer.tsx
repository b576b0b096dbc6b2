import { Link } from "react-router";
import { useBrowserValue } from "../lib/use-hydrated";

interface FooterLink {
  label: string;
  /** A route of the app, with an anchor where the link goes to one part of a page. */
  to: string;
}

const FOOTER_COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: "Services",
    links: [
      { label: "Tool catalogue", to: "/#tools" },
      { label: "Find spare parts", to: "/spare-parts" },
      { label: "Bulk orders", to: "/#quote" },
      { label: "Request a quote", to: "/#quote" },
      { label: "Customer reviews", to: "/#reviews" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About us", to: "/#business" },
      { label: "Blogs", to: "/blogs" },
      { label: "Developer portfolio", to: "/myportfolio" },
      { label: "Contact", to: "/#quote" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of use", to: "/legal#terms-of-use" },
      { label: "Privacy policy", to: "/legal#privacy-policy" },
      { label: "Cookie policy", to: "/legal#cookie-policy" },
    ],
  },
];

const currentYear = () => new Date().getFullYear();
const yearUnknown = () => undefined;

/**
 * This year, in the browser. The home page is pre-rendered at build time, when the visitor's year is
 * not known: that render (and the browser's hydration of it) has none, then the year is filled in.
 */
function useCurrentYear(): number | undefined {
  return useBrowserValue(currentYear, yearUnknown);
}

/** docs/product.md section 2: static service, company and legal links. */
export function Footer() {
  const year = useCurrentYear();
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <p className="text-xl font-bold">Toolshop</p>
          <p className="mt-2 max-w-xs text-sm text-neutral-content/80">
            Electrical and mechanical hand tools built for daily work on site and in the workshop.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 text-sm font-semibold tracking-wider uppercase">{column.title}</h2>
            <ul className="flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="link-hover link">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-neutral-content/20 py-4 text-center text-sm text-neutral-content/80">
        © {year === undefined ? "" : `${year} `}Toolshop. All rights reserved.
      </p>
    </footer>
  );
}
