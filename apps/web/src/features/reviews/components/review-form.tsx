import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import {
  COMMENT_MAX_LENGTH,
  RATING_OPTIONS,
  REVIEW_ADDED,
  type ReviewInput,
  reviewInputSchema,
} from "@toolshop/shared/reviews";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { SelectField, TextAreaField } from "../../../components/form-fields";
import { ApiRequestError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useAddReview } from "../api/add-review";
import { reviewableToolsQueryOptions } from "../api/get-tool-reviews";
import { ReviewSubject } from "./review-subject";

type ReviewFormValues = z.input<typeof reviewInputSchema>;

const RATINGS = RATING_OPTIONS.map((rating) => ({ value: rating, label: rating }));

/**
 * docs/product.md section 2: a rating select from 1 to 5 and a comment; the server adds who wrote it. Before
 * them, what the review is about: the shop, or one of the tools the customer bought. `?tool=` (the
 * product page's "Review it" link) chooses that tool once the customer's tools are known.
 */
export function ReviewForm() {
  const addReview = useAddReview();
  const [searchParams] = useSearchParams();
  const tools = useQuery(reviewableToolsQueryOptions);
  const wanted = searchParams.get("tool") ?? "";
  const chosen = tools.data?.some((tool) => tool._id === wanted) ? wanted : "";
  const empty: ReviewFormValues = { toolId: chosen, review: "5", comment: "" };
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormValues, unknown, ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: empty,
    mode: "onTouched",
  });
  // The linked tool is known to be the customer's once their tools arrive; a choice made meanwhile stays.
  useEffect(() => {
    if (chosen && !getFieldState("toolId").isDirty) setValue("toolId", chosen);
  }, [chosen, getFieldState, setValue]);
  const commentLength = watch("comment")?.length ?? 0;
  const reviewedTool = tools.data?.find((tool) => tool._id === watch("toolId"));

  const onSubmit = async (review: ReviewInput) => {
    try {
      await addReview.mutateAsync(review);
      notify.success(REVIEW_ADDED);
      reset({ ...empty, toolId: review.toolId ?? "" });
    } catch (error) {
      notify.error(error instanceof Error ? error.message : "The review could not be added.");
    }
  };
  // One review a day: the server's 429 says when the next one may be posted; it stays on the form.
  const tooSoon =
    addReview.error instanceof ApiRequestError && addReview.error.status === 429
      ? addReview.error.message
      : null;
  const added = addReview.isSuccess ? addReview.variables : undefined;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex max-w-xl flex-col gap-4">
      <ReviewSubject
        tools={tools}
        error={errors.toolId?.message}
        registration={register("toolId")}
        reviewedToolName={reviewedTool?.name}
      />
      <SelectField
        id="review-rating"
        label="Rating"
        error={errors.review?.message}
        registration={register("review")}
        options={RATINGS}
        className="select w-full sm:w-48"
      />
      <TextAreaField
        id="review-comment"
        label="Comment"
        error={errors.comment?.message}
        registration={register("comment")}
        rows={5}
        maxLength={COMMENT_MAX_LENGTH}
      />
      <p className="-mt-2 text-sm text-base-content/70">
        {commentLength} / {COMMENT_MAX_LENGTH} characters
      </p>
      {tooSoon ? (
        <p role="alert" className="alert alert-warning">
          {tooSoon}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? "Adding…" : "Add Review"}
        </button>
        {added ? (
          <Link to={added.toolId ? `/tools/${added.toolId}` : "/#reviews"} className="link link-primary">
            {added.toolId ? "See it on the tool's page" : "See it in Our Review"}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
