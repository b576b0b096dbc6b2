import { QUOTE_STATE_LABELS, type QuoteState } from "@toolshop/shared/quote-lifecycle";
import { roleLabel, type UserRole } from "@toolshop/shared/users";

// One palette for every status the shop shows: the same word has the same colour on every screen.
// daisyUI's semantic badge colours keep the contrast of the active theme.

/** An order's status as the screens show it; "expired" is an unpaid order whose reservation ran out. */
export type OrderBadgeValue =
  | "unpaid"
  | "paid"
  | "shipped"
  | "delivered"
  | "cancelled"
  | "refunded"
  | "expired";

const ORDER_PALETTE: Record<OrderBadgeValue, string> = {
  unpaid: "badge-warning",
  paid: "badge-info",
  shipped: "badge-primary",
  delivered: "badge-success",
  cancelled: "badge-neutral",
  refunded: "badge-neutral",
  expired: "badge-neutral",
};

const ROLE_PALETTE: Record<UserRole, string> = { admin: "badge-primary", user: "badge-ghost" };

/** A quote waits for the owner (requested), for the customer (offered), or is over. */
const QUOTE_PALETTE: Record<QuoteState, string> = {
  requested: "badge-warning",
  offered: "badge-info",
  accepted: "badge-success",
  declined: "badge-neutral",
  expired: "badge-neutral",
  withdrawn: "badge-neutral",
};

export type StatusBadgeProps =
  | { kind: "role"; value: UserRole }
  | { kind: "order"; value: OrderBadgeValue }
  | { kind: "quote"; value: QuoteState };

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function paletteAndLabel(props: StatusBadgeProps): [string, string] {
  switch (props.kind) {
    case "role":
      return [ROLE_PALETTE[props.value], roleLabel(props.value)];
    case "order":
      return [ORDER_PALETTE[props.value], capitalised(props.value)];
    case "quote":
      return [QUOTE_PALETTE[props.value], QUOTE_STATE_LABELS[props.value]];
  }
}

/** A role ("admin" / "Customer", the spec's words), an order status ("Paid"...) or a quote's state as a badge. */
export function StatusBadge(props: StatusBadgeProps) {
  const [palette, label] = paletteAndLabel(props);
  return <span className={`badge whitespace-nowrap ${palette}`}>{label}</span>;
}
