import { toolsPagePath } from "@toolshop/shared/page-paths";
import { readCompareIds } from "@toolshop/shared/tool-compare";
import { Link, useSearchParams } from "react-router";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { CompareTools } from "../../features/tools/components/compare-tools";
import { useDocumentTitle } from "../../lib/use-document-title";

/** /compare?ids=<id>,<id>: up to four tools side by side (issue 58); the server renders it too. */
export default function ComparePage() {
  const [params] = useSearchParams();
  const asked = readCompareIds(params.getAll("ids"));
  useDocumentTitle("Compare tools");
  return (
    <section aria-labelledby="compare-heading" className="bg-base-200 py-10 sm:py-14">
      <div className="mx-auto max-w-6xl px-4">
        <Breadcrumbs
          crumbs={[
            { label: "Home", to: "/" },
            { label: "Tools", to: toolsPagePath(null) },
            { label: "Compare" },
          ]}
        />
        <h1 id="compare-heading" className="mt-4 mb-6 text-3xl font-bold sm:text-4xl">
          Compare tools
        </h1>
        {"error" in asked ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert">{`${asked.error}.`}</p>
            <Link to={toolsPagePath(null)} className="btn btn-outline btn-sm">
              Choose tools to compare
            </Link>
          </div>
        ) : (
          <CompareTools ids={asked.ids} />
        )}
      </div>
    </section>
  );
}
