import { Screen } from "../../../components/screen";
import { ManageAttributes } from "../../../features/attributes/components/manage-attributes";

export default function AttributesPage() {
  return (
    <Screen
      title="Attributes"
      intro="What the products are specified by, in the order their Specifications list it: each product's values are given in Manage Products."
    >
      <ManageAttributes />
    </Screen>
  );
}
