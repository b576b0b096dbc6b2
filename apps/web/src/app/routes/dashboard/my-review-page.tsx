import { Screen } from "../../../components/screen";
import { ReviewForm } from "../../../features/reviews/components/review-form";

export default function MyReviewPage() {
  return (
    <Screen
      title="Add a Review"
      intro="Rate Toolshop, or a tool you bought, from 1 to 5 and tell others what you think. A review of the shop appears in Our Review on the home page; a review of a tool, on its page."
    >
      <ReviewForm />
    </Screen>
  );
}
