import { ComingSoon } from "../../../components/coming-soon";

export default function ManageProductsPage() {
  return (
    <ComingSoon title="Manage Products">
      <p>Managing the products of the catalogue is not available yet.</p>
    </ComingSoon>
  );
}
