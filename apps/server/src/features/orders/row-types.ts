import type { orderLines, orders, refunds } from "@toolshop/db/schema";

// An order's and an order line's database rows: a leaf that the orders module and the features working
// in the same transaction (invoices, the overview's sales) share without importing each other's code.

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
/** A refund's record (refund-records.ts), which the order process's refund step reads. */
export type RefundRow = typeof refunds.$inferSelect;
