import { Screen } from "../../../components/screen";
import { ReviewModeration } from "../../../features/review-moderation/components/review-moderation";

export default function ReviewsPage() {
  return (
    <Screen
      title="Reviews"
      intro="Every review with its author, newest first. A hidden review leaves the home page but stays here."
    >
      <ReviewModeration />
    </Screen>
  );
}
