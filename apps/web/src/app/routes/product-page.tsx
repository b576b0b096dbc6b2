import { useParams } from "react-router";
import { ProductScreen } from "../../features/storefront/components/product-screen";

/** /tools/:id, a tool's own page (public; the server renders it too: docs/decisions/0011). */
export default function ProductPage() {
  const { id = "" } = useParams();
  // A new tool is a new page: nothing of the previous one's state is kept.
  return <ProductScreen key={id} toolId={id} />;
}
