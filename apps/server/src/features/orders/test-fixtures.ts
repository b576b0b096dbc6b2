// Test data for the order suites (tests only).
import type { Database } from "@toolshop/db/client";
import { tools, users } from "@toolshop/db/schema";
import type { Order } from "@toolshop/shared/orders";
import { eq } from "drizzle-orm";
import { TestPaymentGateway } from "../payments/test-gateway";
import type { Actor, OrdersContext } from "./context";

export const TEST_GATEWAY_SECRET = "orders-test-secret-at-least-32-characters";
export const VALID_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };

let counter = 0;

export async function addCustomer(
  db: Database,
  options: { role?: "admin" | "user"; email?: string } = {},
): Promise<Actor> {
  counter += 1;
  const email = options.email ?? `customer-${counter}-${Date.now()}@example.com`;
  const [user] = await db
    .insert(users)
    .values({ email, role: options.role ?? "user" })
    .returning({ id: users.id, email: users.email });
  if (!user) throw new Error("no user inserted");
  return user;
}

export async function addTool(
  db: Database,
  values: { priceCents?: number; minQuantity?: number; availableQuantity?: number } = {},
) {
  const [tool] = await db
    .insert(tools)
    .values({
      name: "Test Pliers",
      short: "Pliers for tests.",
      image: "/images/tools/pliers.svg",
      priceCents: values.priceCents ?? 1250,
      minQuantity: values.minQuantity ?? 2,
      availableQuantity: values.availableQuantity ?? 100,
    })
    .returning();
  if (!tool) throw new Error("no tool inserted");
  return tool;
}

export async function stockOf(db: Database, toolId: string): Promise<number | undefined> {
  const [tool] = await db
    .select({ available: tools.availableQuantity })
    .from(tools)
    .where(eq(tools.id, toolId));
  return tool?.available;
}

/** An orders context on the built-in test gateway that records the paid-order announcements. */
export function ordersContext(db: Database): {
  ctx: OrdersContext;
  gateway: TestPaymentGateway;
  paidAnnouncements: Order[];
} {
  const gateway = new TestPaymentGateway(db, TEST_GATEWAY_SECRET);
  const paidAnnouncements: Order[] = [];
  const ctx: OrdersContext = {
    db,
    currency: "usd",
    gateway,
    onOrderPaid: (order) => paidAnnouncements.push(order),
  };
  return { ctx, gateway, paidAnnouncements };
}
