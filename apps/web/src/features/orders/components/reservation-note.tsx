import type { Order } from "@toolshop/shared/orders";
import { useEffect, useState } from "react";

const MINUTE_MS = 60_000;

/**
 * Whole minutes until `until` (rounded up: 30 s left is "1 more minute"), re-rendered the moment that
 * number changes rather than a minute after mounting; null without a time.
 */
export function useMinutesLeft(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const end = until === null ? null : Date.parse(until);
  useEffect(() => {
    if (end === null || end <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), (end - now) % MINUTE_MS || MINUTE_MS);
    return () => clearTimeout(timer);
  }, [end, now]);
  return end === null ? null : Math.ceil((end - now) / MINUTE_MS);
}

function holdText(minutes: number): string {
  // A shop may hold for days (UNPAID_ORDER_HOLD_MINUTES up to 10080): hours read better there.
  if (minutes >= 120) return `Reserved for ${Math.floor(minutes / 60)} more hours`;
  return `Reserved for ${minutes} more ${minutes === 1 ? "minute" : "minutes"}`;
}

/**
 * How long an unpaid order still holds its stock. Once the hold is over the shop cancels the order
 * (within a minute, unless a payment is under way), so a hold that has run out already says so.
 */
export function ReservationNote({ holdsUntil }: Pick<Order, "holdsUntil">) {
  const minutes = useMinutesLeft(holdsUntil);
  if (minutes === null) return null;
  return <p className="badge badge-warning">{minutes > 0 ? holdText(minutes) : "Reservation expired"}</p>;
}
