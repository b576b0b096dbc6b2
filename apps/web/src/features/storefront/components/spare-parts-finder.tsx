import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { type SparePartsQuery, sparePartsQuerySchema } from "@toolshop/shared/tool-relations";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { QueryView } from "../../../components/query-view";
import { ApiRequestError } from "../../../lib/api-client";
import { sparePartsQueryOptions } from "../api/spare-parts-api";
import { RelatedToolLink } from "./product-relations";

/**
 * /spare-parts: a buyer types a tool's model number or SKU and gets its spare parts (decision 0058).
 * The query is in the address (?q=), so an answer can be shared and the back button returns to it.
 */
export function SparePartsFinder() {
  const [params, setParams] = useSearchParams();
  const parsed = sparePartsQuerySchema.safeParse({ q: params.get("q") ?? "" });
  const q = parsed.success ? parsed.data.q : null;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SparePartsQuery>({
    resolver: zodResolver(sparePartsQuerySchema),
    defaultValues: { q: params.get("q") ?? "" },
  });
  const query = useQuery({ ...sparePartsQueryOptions(q ?? ""), enabled: q !== null });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Find spare parts</h1>
      <form
        noValidate
        onSubmit={handleSubmit((values) => setParams({ q: values.q }))}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <label className="flex grow flex-col gap-1">
          <span className="font-medium">Model number or SKU</span>
          <input
            {...register("q")}
            className="input w-full"
            autoComplete="off"
            aria-invalid={errors.q ? true : undefined}
            aria-describedby={errors.q ? "spare-parts-q-error" : undefined}
          />
        </label>
        <button type="submit" className="btn btn-primary">
          Find spare parts
        </button>
      </form>
      {errors.q ? (
        <p id="spare-parts-q-error" className="text-error">
          {errors.q.message}
        </p>
      ) : null}
      {q === null ? null : query.error instanceof ApiRequestError && query.error.status === 404 ? (
        <p role="status" className="rounded-field bg-base-200 p-4">
          No tool has the model number or SKU “{q}”. Please check it on the tool's label, or browse the{" "}
          <Link to="/tools" className="link link-primary">
            catalogue
          </Link>
          .
        </p>
      ) : (
        <QueryView
          query={query}
          pendingLabel="Finding the spare parts"
          errorTitle="The spare parts could not be loaded."
        >
          {({ tool, spareParts }) => (
            <section aria-labelledby="spare-parts-result" className="flex flex-col gap-3">
              <h2 id="spare-parts-result" className="text-xl font-semibold">
                Spare parts for <RelatedToolLink tool={tool} />
              </h2>
              {spareParts.length === 0 ? (
                <p>No spare parts are listed for this tool yet.</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {spareParts.map((part) => (
                    <li key={part._id}>
                      <RelatedToolLink tool={part} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </QueryView>
      )}
    </div>
  );
}
