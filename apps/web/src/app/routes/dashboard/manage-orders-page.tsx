import { ComingSoon } from "../../../components/coming-soon";

export default function ManageOrdersPage() {
  return (
    <ComingSoon title="Manage Orders">
      <p>Managing every customer's orders is not available yet.</p>
    </ComingSoon>
  );
}
