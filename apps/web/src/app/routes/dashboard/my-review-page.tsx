import { ComingSoon } from "../../../components/coming-soon";

export default function MyReviewPage() {
  return (
    <ComingSoon title="Add a Review">
      <p>Reviews open in the next release: you will rate Toolshop from 1 to 5 and leave a comment here.</p>
    </ComingSoon>
  );
}
