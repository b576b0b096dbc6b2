import { ComingSoon } from "../../../components/coming-soon";

export default function AddProductPage() {
  return (
    <ComingSoon title="Add Product">
      <p>Adding products to the catalogue, with their image, opens in the next release.</p>
    </ComingSoon>
  );
}
