import { Screen } from "../../../components/screen";
import { ManageShipping } from "../../../features/shipping/components/manage-shipping";

export default function ShippingPage() {
  return (
    <Screen
      title="Shipping"
      intro="How orders are shipped and what that costs: checkout offers each method that serves the customer's country, with its charge taxed like the tools."
    >
      <ManageShipping />
    </Screen>
  );
}
