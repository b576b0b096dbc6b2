import type { UseQueryResult } from "@tanstack/react-query";
import type { ReviewableTool } from "@toolshop/shared/reviews";
import type { UseFormRegisterReturn } from "react-hook-form";
import { SelectField } from "../../../components/form-fields";

interface ReviewSubjectProps {
  /** GET /api/review/tools: the tools the customer bought. */
  tools: UseQueryResult<ReviewableTool[]>;
  registration: UseFormRegisterReturn<"toolId">;
  error?: string | undefined;
  reviewedToolName?: string | undefined;
}

const THE_SHOP = { value: "", label: "The shop in general" };

/**
 * "What are you reviewing?": the shop in general, or one of the tools the customer bought (paid,
 * shipped or delivered). The shop stays a choice while the tools load or could not be loaded.
 */
export function ReviewSubject({ tools, registration, error, reviewedToolName }: ReviewSubjectProps) {
  const hint = tools.isPending
    ? "Loading the tools you bought…"
    : tools.error
      ? `Your tools could not be loaded: ${tools.error.message} You can still review the shop.`
      : tools.data.length === 0
        ? "Once you have paid for an order, you can review its tool here too."
        : reviewedToolName
          ? `Your review appears on the page of ${reviewedToolName}.`
          : "Your review appears in Our Review on the home page.";
  const options = [THE_SHOP, ...(tools.data ?? []).map((tool) => ({ value: tool._id, label: tool.name }))];
  return (
    <SelectField
      id="review-subject"
      label="What are you reviewing?"
      error={error}
      registration={registration}
      options={options}
      hint={
        <>
          {hint}
          {tools.error ? (
            <>
              {" "}
              <button type="button" className="link" onClick={() => void tools.refetch()}>
                Try again
              </button>
            </>
          ) : null}
        </>
      }
    />
  );
}
