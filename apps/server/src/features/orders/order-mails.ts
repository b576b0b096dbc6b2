// The customer's mails about an order as the orders' services queue them, in the transaction of the
// change (OrdersContext.mails); customer-mails.ts composes them when they are sent.
import type { Database } from "@toolshop/db/client";
import type { Order } from "@toolshop/shared/orders";
import type { CancelReason } from "../../lib/domain-events";
import type { RefundedPart } from "./status-emails";

/** One of an order's mails, as its job holds it: plain JSON. */
export type OrderMail =
  | { mail: "confirmation"; orderId: string }
  | { mail: "shipped"; orderId: string; carrier: string; trackingNumber: string }
  | { mail: "delivered"; orderId: string }
  | { mail: "cancelled"; orderId: string; reason: CancelReason; deleted?: Order | undefined }
  | {
      mail: "refunded";
      orderId: string;
      paymentId: string;
      part?: RefundedPart | undefined;
      creditNote?: string | undefined;
    };

/** Where the orders' services put a mail, in their transaction (OrdersContext.mails). */
export interface OrderMailOutbox {
  enqueue(tx: Database, mail: OrderMail): Promise<void>;
}
