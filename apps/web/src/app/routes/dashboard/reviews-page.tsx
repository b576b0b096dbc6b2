import { ReviewModeration } from "../../../features/review-moderation/components/review-moderation";
import { useDocumentTitle } from "../../../lib/use-document-title";

export default function ReviewsPage() {
  useDocumentTitle("Reviews");
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-4">
      <h1 id="screen-heading" className="text-3xl font-bold">
        Reviews
      </h1>
      <p className="text-base-content/80">
        Every review with its author, newest first. A hidden review leaves the home page but stays here.
      </p>
      <ReviewModeration />
    </section>
  );
}
