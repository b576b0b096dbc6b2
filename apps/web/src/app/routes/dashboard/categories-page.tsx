import { Screen } from "../../../components/screen";
import { ManageCategories } from "../../../features/categories/components/manage-categories";

export default function CategoriesPage() {
  return (
    <Screen
      title="Categories"
      intro="The tree the shop's tools are filed in: each category has its own page, with its sub-categories' tools."
    >
      <ManageCategories />
    </Screen>
  );
}
