import type { UseQueryResult } from "@tanstack/react-query";
import type { ReviewableTool } from "@toolshop/shared/reviews";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "../../../components/form-field";

interface ReviewSubjectProps {
  /** GET /api/review/tools: the tools the customer bought. */
  tools: UseQueryResult<ReviewableTool[]>;
  register: UseFormRegisterReturn<"toolId">;
  error?: string | undefined;
  reviewedToolName?: string | undefined;
}

/**
 * "What are you reviewing?": the shop in general, or one of the tools the customer bought (paid,
 * shipped or delivered). The shop stays a choice while the tools load or could not be loaded.
 */
export function ReviewSubject({ tools, register, error, reviewedToolName }: ReviewSubjectProps) {
  const hint = tools.isPending
    ? "Loading the tools you bought…"
    : tools.error
      ? `Your tools could not be loaded: ${tools.error.message} You can still review the shop.`
      : tools.data.length === 0
        ? "Once you have paid for an order, you can review its tool here too."
        : reviewedToolName
          ? `Your review appears on the page of ${reviewedToolName}.`
          : "Your review appears in Our Review on the home page.";
  return (
    <FormField id="review-subject" label="What are you reviewing?" error={error}>
      {(control) => (
        <>
          <select
            {...control}
            {...register}
            aria-describedby={[control["aria-describedby"], "review-subject-hint"].filter(Boolean).join(" ")}
            className="select w-full"
          >
            <option value="">The shop in general</option>
            {tools.data?.map((tool) => (
              <option key={tool._id} value={tool._id}>
                {tool.name}
              </option>
            ))}
          </select>
          <p id="review-subject-hint" aria-live="polite" className="text-sm text-base-content/70">
            {hint}
            {tools.error ? (
              <>
                {" "}
                <button type="button" className="link" onClick={() => void tools.refetch()}>
                  Try again
                </button>
              </>
            ) : null}
          </p>
        </>
      )}
    </FormField>
  );
}
