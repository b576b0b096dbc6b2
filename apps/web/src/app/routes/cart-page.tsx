import { CartScreen } from "../../features/cart/components/cart-screen";

/** /cart: a visitor's cart (kept in the browser) or the signed-in customer's (kept on the server). */
export default function CartPage() {
  return <CartScreen />;
}
