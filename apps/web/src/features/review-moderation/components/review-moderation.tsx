import { useInfiniteQuery } from "@tanstack/react-query";
import type { ReviewVisibility } from "@toolshop/shared/review-moderation";
import { type ModeratedReview, REVIEW_DELETED, REVIEW_HIDDEN, REVIEW_SHOWN } from "@toolshop/shared/reviews";
import { NOT_AN_ADMIN_MESSAGE } from "@toolshop/shared/users";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDeleteDialog } from "../../../components/confirm-delete-dialog";
import { FilterSelect, SearchField, useListParams } from "../../../components/list-controls";
import { PagedList } from "../../../components/paged-list";
import { StarRating } from "../../../components/star-rating";
import { ApiRequestError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import {
  moderatedReviewsQueryOptions,
  useDeleteReview,
  useSetReviewHidden,
} from "../api/review-moderation-api";
import { VisibilityDialog } from "./visibility-dialog";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

const VISIBILITY_OPTIONS = [
  ["all", "All"],
  ["visible", "Shown"],
  ["hidden", "Hidden"],
] as const;

type Asking = { kind: "visibility" | "delete"; review: ModeratedReview };

function failureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 403) return NOT_AN_ADMIN_MESSAGE;
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

/**
 * The admins' moderation list: every review with its author, newest first; hide/show and delete;
 * filtered by visibility and searched by author, one page at a time (?visibility=&q= in the URL).
 */
export function ReviewModeration() {
  const [params, setParams] = useListParams();
  const q = params.get("q")?.trim() ?? "";
  const visibilityParam = params.get("visibility");
  const visibility: ReviewVisibility =
    visibilityParam === "visible" || visibilityParam === "hidden" ? visibilityParam : "all";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          label="Search by author's email or name"
          placeholder="Starts with…"
          value={q}
          onSearch={(text) => setParams({ q: text || null })}
        />
        <FilterSelect<ReviewVisibility>
          label="Visibility"
          value={visibility}
          options={VISIBILITY_OPTIONS}
          onChange={(value) => setParams({ visibility: value === "all" ? null : value })}
        />
      </div>
      <ModerationList visibility={visibility} q={q} />
    </div>
  );
}

function ModerationList({ visibility, q }: { visibility: ReviewVisibility; q: string }) {
  const list = useInfiniteQuery(moderatedReviewsQueryOptions({ visibility, q }));
  const setHidden = useSetReviewHidden();
  const remove = useDeleteReview();
  const [asking, setAsking] = useState<Asking | null>(null);

  const confirmVisibility = (review: ModeratedReview, close: () => void) =>
    setHidden.mutate(
      { id: review._id, hidden: !review.hidden },
      {
        onSuccess: (updated) => notify.success(updated.hidden ? REVIEW_HIDDEN : REVIEW_SHOWN),
        onError: (error) => notify.error(failureMessage(error)),
        onSettled: close,
      },
    );
  const confirmDelete = (review: ModeratedReview, close: () => void) =>
    remove.mutate(review._id, {
      onSuccess: () => {
        notify.success(REVIEW_DELETED);
        close();
      },
    });

  return (
    <PagedList
      query={list}
      pageItems={(page) => page.body}
      pendingLabel="Loading reviews"
      errorTitle="The reviews could not be loaded."
      mapError={(error) => new Error(failureMessage(error))}
      emptyText={q || visibility !== "all" ? "No reviews match this search." : "No reviews yet."}
      noun={["review", "reviews"]}
    >
      {(reviews, itemProps) => (
        <>
          <ul className="flex flex-col gap-4" aria-label="Reviews">
            {reviews.map((review, index) => (
              <li key={review._id} {...itemProps(index)}>
                <ModeratedReviewCard
                  review={review}
                  busy={setHidden.isPending || remove.isPending}
                  onToggle={() => setAsking({ kind: "visibility", review })}
                  onDelete={() => {
                    remove.reset();
                    setAsking({ kind: "delete", review });
                  }}
                />
              </li>
            ))}
          </ul>
          {asking?.kind === "visibility" ? (
            <VisibilityDialog
              hide={!asking.review.hidden}
              author={asking.review.name}
              busy={setHidden.isPending}
              onConfirm={(close) => confirmVisibility(asking.review, close)}
              onClose={() => setAsking(null)}
            />
          ) : null}
          {asking?.kind === "delete" ? (
            <ConfirmDeleteDialog
              idPrefix="delete-review"
              title="Delete this review?"
              text={`The review by ${asking.review.name} is deleted for good; it cannot be brought back.`}
              error={remove.error ? new Error(failureMessage(remove.error)) : null}
              busy={remove.isPending}
              onConfirm={(close) => confirmDelete(asking.review, close)}
              onClose={() => setAsking(null)}
            />
          ) : null}
        </>
      )}
    </PagedList>
  );
}

interface CardProps {
  review: ModeratedReview;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
}

function ModeratedReviewCard({ review, busy, onToggle, onDelete }: CardProps) {
  const headingId = `review-${review._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`card border bg-base-100 ${review.hidden ? "border-base-300 opacity-75" : "border-base-300 shadow-sm"}`}
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="card-title break-all">
            {review.name}
          </h2>
          <span className={`badge ${review.hidden ? "badge-warning" : "badge-success"}`}>
            {review.hidden ? "Hidden" : "Shown"}
          </span>
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/70">
          <a href={`mailto:${review.email}`} className="link [overflow-wrap:anywhere]">
            {review.email}
          </a>
          <time dateTime={review.createdAt}>{dateFormat.format(new Date(review.createdAt))}</time>
        </p>
        <p className="text-sm">
          {review.tool ? (
            <>
              About{" "}
              <Link to={`/tools/${review.tool._id}`} className="link link-primary font-medium">
                {review.tool.name}
              </Link>
            </>
          ) : (
            "About the shop in general"
          )}
        </p>
        <StarRating rating={review.review} />
        <p className="break-words whitespace-pre-line">{review.comment}</p>
        <div className="card-actions flex-wrap">
          <button type="button" className="btn btn-sm btn-outline" disabled={busy} onClick={onToggle}>
            {review.hidden ? "Show" : "Hide"}
            <span className="sr-only"> the review by {review.name}</span>
          </button>
          <button
            type="button"
            className="btn btn-sm btn-ghost text-error"
            disabled={busy}
            onClick={onDelete}
          >
            Delete
            <span className="sr-only"> the review by {review.name}</span>
          </button>
        </div>
      </div>
    </article>
  );
}
