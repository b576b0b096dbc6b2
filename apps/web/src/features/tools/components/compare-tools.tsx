import { useQuery } from "@tanstack/react-query";
import { attributeValueText } from "@toolshop/shared/attributes";
import { toolsPagePath } from "@toolshop/shared/page-paths";
import type { Tool } from "@toolshop/shared/tools";
import { useEffect } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { Money } from "../../../components/money";
import { Spinner } from "../../../components/spinner";
import { compareToolsQueryOptions } from "../api/compare-tools";
import { comparePath, setCompared } from "../compare-selection";

interface Row {
  key: string;
  name: string;
  /** Each tool's value as it reads ("18 V"), null where it has none. */
  values: (string | null)[];
  differs: boolean;
}

/** One row per attribute any of the tools has, in the order they come; a row differs when its values do. */
export function specificationRows(tools: readonly Tool[]): Row[] {
  const names = new Map<string, string>();
  for (const tool of tools)
    for (const { key, name } of tool.attributes) if (!names.has(key)) names.set(key, name);
  return [...names].map(([key, name]) => {
    const values = tools.map((tool) => {
      const attribute = tool.attributes.find((candidate) => candidate.key === key);
      return attribute ? attributeValueText(attribute) : null;
    });
    return { key, name, values, differs: new Set(values).size > 1 };
  });
}

const NONE = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">None</span>
  </>
);

/** The tools of `ids` side by side: picture, name, part number, price, then every specification. */
export function CompareTools({ ids }: { ids: readonly string[] }) {
  const query = useQuery(compareToolsQueryOptions(ids));
  // The tools page ticks what this page shows (a link shared, a tool removed here).
  const list = ids.join(",");
  useEffect(() => setCompared(list.split(",")), [list]);

  if (query.isPending) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner label="Loading the tools" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title="The tools could not be compared."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  const { tools } = query.data;
  const rows = specificationRows(tools);
  const without = (id: string) => ids.filter((other) => other !== id);

  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      {/* daisyUI's table is not in the build (index.css): the cells are spaced here. */}
      <table className="w-full border-collapse text-left [&_td]:px-3 [&_td]:py-2 [&_th]:px-3 [&_th]:py-2 [&_tbody_tr]:border-t [&_tbody_tr]:border-base-300 [&_tbody_th]:font-medium [&_tbody_th]:min-w-28 [&_tbody_th]:max-w-44">
        <caption className="sr-only">The tools side by side; rows whose values differ are marked</caption>
        <thead>
          <tr>
            <td className="min-w-28" />
            {tools.map((tool) => (
              <th key={tool._id} scope="col" className="min-w-40 align-top font-normal text-base-content">
                <img
                  src={tool.images[0]?.url ?? tool.image}
                  alt=""
                  width={160}
                  height={120}
                  className="aspect-[4/3] w-full max-w-40 rounded-field bg-base-200 object-contain p-2"
                />
                <Link to={`/tools/${tool._id}`} className="link mt-2 block text-base font-semibold">
                  {tool.name}
                </Link>
                <Link
                  to={without(tool._id).length > 0 ? comparePath(without(tool._id)) : toolsPagePath(null)}
                  onClick={() => setCompared(without(tool._id))}
                  replace
                  className="btn btn-outline btn-xs mt-2"
                >
                  Remove<span className="sr-only"> {tool.name}</span>
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Part number</th>
            {tools.map((tool) => (
              <td key={tool._id} className="font-mono">
                {tool.sku || NONE}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">Price</th>
            {tools.map((tool) => (
              <td key={tool._id} className="font-semibold">
                <Money amount={tool.price} />
              </td>
            ))}
          </tr>
          {rows.map((row) => (
            <tr key={row.key} className={row.differs ? "bg-warning/15" : ""}>
              <th scope="row">
                {row.name}
                {row.differs ? (
                  <span className="badge badge-warning badge-xs mt-1 block w-fit">Differs</span>
                ) : null}
              </th>
              {row.values.map((value, index) => (
                <td key={tools[index]?._id ?? index}>{value ?? NONE}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? (
        <p className="p-4 text-base-content/80">None of these tools has specifications.</p>
      ) : null}
    </div>
  );
}
