import { ComingSoon } from "../../../components/coming-soon";

export default function PaymentPage() {
  return (
    <ComingSoon title="Payment">
      <p>Card payment opens in the next release, together with ordering. Nothing can be paid here yet.</p>
    </ComingSoon>
  );
}
