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

export type StatusBadgeProps = { kind: "role"; value: UserRole } | { kind: "order"; value: OrderBadgeValue };

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A role ("admin" / "Customer", the spec's words) or an order status ("Paid", "Shipped"...) as a badge. */
export function StatusBadge(props: StatusBadgeProps) {
  const [palette, label] =
    props.kind === "role"
      ? [ROLE_PALETTE[props.value], roleLabel(props.value)]
      : [ORDER_PALETTE[props.value], capitalised(props.value)];
  return <span className={`badge whitespace-nowrap ${palette}`}>{label}</span>;
}
