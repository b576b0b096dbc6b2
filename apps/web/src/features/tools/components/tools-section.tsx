import { useQuery } from "@tanstack/react-query";
import { LoadError } from "../../../components/load-error";
import { Spinner } from "../../../components/spinner";
import { toolsQueryOptions } from "../api/get-tools";
import { ToolCard } from "./tool-card";

/** The home page's tools list (anchor #tools, the target of Get Started). */
export function ToolsSection() {
  const { data: tools, error, isPending, refetch, isRefetching } = useQuery(toolsQueryOptions);

  return (
    <section id="tools" aria-labelledby="tools-heading" className="bg-base-200 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <p className="font-semibold tracking-wider text-primary uppercase">Our catalogue</p>
        <h2 id="tools-heading" className="mt-1 text-3xl font-bold sm:text-4xl">
          Tools
        </h2>
        <p className="mt-2 max-w-2xl text-base-content/80">
          Every tool ships from our own workshop. Order at least the minimum quantity; we show what is in
          stock.
        </p>
        <div className="mt-8">
          {isPending ? (
            <div className="grid place-items-center py-16">
              <Spinner label="Loading tools" />
            </div>
          ) : error ? (
            <LoadError
              title="The tools could not be loaded."
              error={error}
              onRetry={() => void refetch()}
              retrying={isRefetching}
            />
          ) : tools.length === 0 ? (
            <p>No tools are listed right now. Please come back soon.</p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {tools.map((tool) => (
                <li key={tool._id} className="flex [&>article]:w-full">
                  <ToolCard tool={tool} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
