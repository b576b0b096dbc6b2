import type { ReactNode } from "react";

interface SummaryTile {
  value: string;
  label: string;
  icon: ReactNode;
}

const iconClass = "size-10 text-primary";

// docs/product.md section 1: the tiles and the text show different figures; both are kept as given.
const TILES: SummaryTile[] = [
  {
    value: "100+",
    label: "Customer",
    icon: (
      <svg aria-hidden="true" viewBox="0 0 24 24" className={iconClass} fill="currentColor">
        <path d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM9 13c-4 0-7 2-7 4.5V20h14v-2.5C16 15 13 13 9 13Zm8 0c-.6 0-1.2.1-1.7.2 1.6 1.1 2.7 2.6 2.7 4.3V20h4v-2.5c0-2.5-2.2-4.5-5-4.5Z" />
      </svg>
    ),
  },
  {
    value: "120k+",
    label: "Revenue",
    icon: (
      <svg aria-hidden="true" viewBox="0 0 24 24" className={iconClass} fill="currentColor">
        <path d="M3 20h18v2H3v-2Zm1-3 5-6 4 3 6-8 1.6 1.2-7.2 9.6-4-3-3.9 4.7L4 17Z" />
      </svg>
    ),
  },
  {
    value: "500+",
    label: "Review",
    icon: (
      <svg aria-hidden="true" viewBox="0 0 24 24" className={iconClass} fill="currentColor">
        <path d="M12 2l3 6.2 6.8 1-4.9 4.7 1.2 6.8L12 17.5l-6.1 3.2 1.2-6.8L2.2 9.2l6.8-1z" />
      </svg>
    ),
  },
  {
    value: "250+",
    label: "Tools",
    icon: (
      <svg aria-hidden="true" viewBox="0 0 24 24" className={iconClass} fill="currentColor">
        <path d="M21.7 18.6 13 9.9c.9-2.3.4-5-1.5-6.9A6.1 6.1 0 0 0 4.6 1.8l4 4-2.8 2.8-4-4a6 6 0 0 0 1.2 7 6 6 0 0 0 6.9 1.5l8.7 8.7c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1-.1-1.5Z" />
      </svg>
    ),
  },
];

/** The business summary: the text's claims and the four tiles. */
export function BusinessSummary() {
  return (
    <section id="business" aria-labelledby="business-heading" className="py-16">
      <div className="mx-auto max-w-6xl px-4 text-center">
        <p className="font-semibold tracking-wider text-primary uppercase">Business summary</p>
        <h2 id="business-heading" className="mt-1 text-3xl font-bold sm:text-4xl">
          Millions of Business Trust Us
        </h2>
        <p className="mx-auto mt-4 max-w-3xl text-lg text-base-content/80">
          Contractors, workshops and wholesalers count on us: we serve 100+ customers, reach 120M+ annual
          revenue, have collected 33K+ reviews and build 50+ tools in our own factory.
        </p>
        <ul className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {TILES.map((tile) => (
            <li
              key={tile.label}
              className="flex flex-col items-center gap-2 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
            >
              {tile.icon}
              <p className="text-4xl font-extrabold">{tile.value}</p>
              <p className="text-lg font-medium text-base-content/80">{tile.label}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
