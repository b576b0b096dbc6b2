import { ReviewForm } from "../../../features/reviews/components/review-form";
import { useDocumentTitle } from "../../../lib/use-document-title";

export default function MyReviewPage() {
  useDocumentTitle("Add a Review");
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-4">
      <h1 id="screen-heading" className="text-3xl font-bold">
        Add a Review
      </h1>
      <p className="text-base-content/80">
        Rate Toolshop from 1 to 5 and tell others what you think. It appears in Our Review on the home page.
      </p>
      <ReviewForm />
    </section>
  );
}
