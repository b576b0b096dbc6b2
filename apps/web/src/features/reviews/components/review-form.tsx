import { zodResolver } from "@hookform/resolvers/zod";
import {
  COMMENT_MAX_LENGTH,
  RATING_OPTIONS,
  REVIEW_ADDED,
  type ReviewInput,
  reviewInputSchema,
} from "@toolshop/shared/reviews";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { FormField } from "../../../components/form-field";
import { ApiRequestError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useAddReview } from "../api/add-review";

type ReviewFormValues = z.input<typeof reviewInputSchema>;

const EMPTY: ReviewFormValues = { review: "5", comment: "" };

/** SPEC.md section 2: a rating select from 1 to 5 and a comment; the server adds who wrote it. */
export function ReviewForm() {
  const addReview = useAddReview();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormValues, unknown, ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const commentLength = watch("comment")?.length ?? 0;

  const onSubmit = async (review: ReviewInput) => {
    try {
      await addReview.mutateAsync(review);
      notify.success(REVIEW_ADDED);
      reset(EMPTY);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : "The review could not be added.");
    }
  };
  // One review a day: the server's 429 says when the next one may be posted; it stays on the form.
  const tooSoon =
    addReview.error instanceof ApiRequestError && addReview.error.status === 429
      ? addReview.error.message
      : null;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex max-w-xl flex-col gap-4">
      <FormField id="review-rating" label="Rating" error={errors.review?.message}>
        {(control) => (
          <select {...control} {...register("review")} className="select w-full sm:w-48">
            {RATING_OPTIONS.map((rating) => (
              <option key={rating} value={rating}>
                {rating}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="review-comment" label="Comment" error={errors.comment?.message}>
        {(control) => (
          <textarea
            {...control}
            {...register("comment")}
            rows={5}
            maxLength={COMMENT_MAX_LENGTH}
            className="textarea w-full"
          />
        )}
      </FormField>
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
        {addReview.isSuccess ? (
          <Link to="/#reviews" className="link link-primary">
            See it in Our Review
          </Link>
        ) : null}
      </div>
    </form>
  );
}
