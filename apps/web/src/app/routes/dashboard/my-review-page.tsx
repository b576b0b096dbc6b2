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
        Rate Toolshop, or a tool you bought, from 1 to 5 and tell others what you think. A review of the shop
        appears in Our Review on the home page; a review of a tool, on its page.
      </p>
      <ReviewForm />
    </section>
  );
}
