import { Screen } from "../../../components/screen";
import { OwnerOverview } from "../../../features/overview/components/owner-overview";

export default function OverviewPage() {
  return (
    <Screen
      title="Overview"
      intro="How the shop is doing: revenue, best sellers, stock to reorder, and what waits for you."
    >
      <OwnerOverview />
    </Screen>
  );
}
