import type { Database } from "@toolshop/db/client";
import { orders } from "@toolshop/db/schema";
import type { TaxRule } from "@toolshop/shared/tax";
import { eq, sql } from "drizzle-orm";
import type { DomainEvent, DomainEventPublisher } from "../../lib/domain-events";
import { HttpError } from "../../lib/http-errors";
import { createPreparedQueries, plannedOnce } from "../../lib/prepared-queries";
import { mayActFor } from "../../policy/access-policy";
import type { InvoiceSettings } from "../invoices/issue";
import type { PaymentGateway } from "../payments/gateway";
import type { RestockMailer } from "../stock-alerts/restock-mailer";
import type { OrderMail, OrderMailOutbox } from "./order-mails";
import type { OrderRow } from "./row-types";

/** What the order functions work with; routes build it once from the app. */
export interface OrdersContext {
  db: Database;
  /** Lower-case ISO 4217 code; prices are stored in its minor units. */
  currency: string;
  gateway: PaymentGateway;
  /** How many unpaid orders one customer may hold at once (MAX_UNPAID_ORDERS_PER_CUSTOMER). */
  maxUnpaidOrders: number;
  /** How long an unpaid order holds its stock (UNPAID_ORDER_HOLD_MINUTES); orders show until when. */
  unpaidOrderHoldMinutes: number;
  /** The tax in force (TAX_RATE, PRICES_INCLUDE_TAX): each order placed keeps it (decision 0041). */
  tax: TaxRule;
  /**
   * Where the orders' domain events go once their write has committed (app.events; a recorder in
   * tests). The caches are its subscribers; mails are queued in the change's transaction (`mails`).
   */
  events: DomainEventPublisher;
  /** The seller, tax and number prefix an invoice is issued with when an order is paid (env.ts). */
  invoicing: Omit<InvoiceSettings, "currency">;
  /** Where the customer's mails go, in the change's transaction (the app's mail queue); none: no mails. */
  mails?: OrderMailOutbox | undefined;
  /** Mails the stock alerts of tools back on the shelf, in the change's transaction; none: no mails. */
  restocked?: RestockMailer | undefined;
}

/** Publishes after commit; never throws (lib/domain-events.ts). */
export function publish(ctx: Pick<OrdersContext, "events">, event: DomainEvent): Promise<void> {
  return ctx.events.publish(event);
}

/** Puts the customer's mail about this change in `tx`: it is sent once `tx` commits (customer-mails.ts). */
export async function enqueueOrderMail(
  ctx: Pick<OrdersContext, "mails">,
  tx: Database,
  mail: OrderMail,
): Promise<void> {
  await ctx.mails?.enqueue(tx, mail);
}

/** The signed-in user, from the access token. */
export interface Actor {
  id: string;
  email: string;
}

const prepared = createPreparedQueries();

/** By its primary key: built once per database (decision 0016), planned once per connection (0020). */
export async function findOrder(db: Database, orderId: string): Promise<OrderRow | undefined> {
  const query = prepared(db, "order", () =>
    db
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder("orderId")))
      .prepare(plannedOnce("orders/find")),
  );
  const [order] = await query.execute({ orderId });
  return order;
}

/** Refuses (403) an order that belongs to someone else, unless admins may act on it and the actor is one. */
export async function assertMayAccess(
  ctx: OrdersContext,
  actor: Actor,
  order: OrderRow,
  options: { adminToo: boolean },
): Promise<void> {
  if (await mayActFor(ctx.db, actor, order.userId, options)) return;
  throw new HttpError(403, "This order belongs to another customer.");
}

/** The order, if it exists (404) and the actor may access it (403). */
export async function findAccessibleOrder(
  ctx: OrdersContext,
  actor: Actor,
  orderId: string,
  options: { adminToo: boolean },
): Promise<OrderRow> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw new HttpError(404, "There is no order with this id.");
  await assertMayAccess(ctx, actor, order, options);
  return order;
}
