import type { RelatedTool, ToolRelated } from "@toolshop/shared/tool-relations";
import { Link } from "react-router";

const LISTS: { key: Exclude<keyof ToolRelated, "successor">; title: string }[] = [
  { key: "accessories", title: "Accessories" },
  { key: "spareParts", title: "Spare parts" },
  { key: "fits", title: "Fits" },
  { key: "worksWith", title: "Works with" },
];

/** A related tool as a link: its name, then its SKU, which a buyer may order it by. */
export function RelatedToolLink({ tool }: { tool: RelatedTool }) {
  return (
    <>
      <Link to={`/tools/${tool._id}`} className="link link-primary font-medium">
        {tool.name}
      </Link>{" "}
      <span className="font-mono text-sm text-base-content/70">{tool.sku}</span>
    </>
  );
}

/**
 * What fits with what (decision 0058): a tool's accessories, its spare parts, the tools it fits (as a
 * spare part) and those it works with; a list with nothing in it is left out.
 */
export function ProductRelations({ related }: { related: ToolRelated }) {
  const lists = LISTS.filter((list) => related[list.key].length > 0);
  if (lists.length === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      {lists.map((list) => {
        const headingId = `product-related-${list.key}`;
        return (
          <section key={list.key} aria-labelledby={headingId} className="flex flex-col gap-2">
            <h2 id={headingId} className="text-lg font-semibold">
              {list.title}
            </h2>
            <ul className="flex flex-col gap-1">
              {related[list.key].map((tool) => (
                <li key={tool._id}>
                  <RelatedToolLink tool={tool} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
