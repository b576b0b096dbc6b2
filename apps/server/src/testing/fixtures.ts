// Rows for API and service tests (tests only): users and tools straight in the database.
import type { Database } from "@toolshop/db/client";
import { orderLines, orders, tools, users } from "@toolshop/db/schema";
import { eq } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";

/** A user as the access token names them. */
export interface TestUser {
  id: string;
  email: string;
}

let counter = 0;

export async function addCustomer(
  db: Database,
  options: { role?: "admin" | "user"; email?: string } = {},
): Promise<TestUser> {
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

/**
 * The row of an order of `quantity` × `tool` at `unitPriceCents` by `customer`, for insertOrders: the
 * total is theirs, the tool's name and picture default to addTool's, and a test address and phone.
 * `more` sets the rest (status, createdAt, address...).
 */
export function orderRow(
  customer: TestUser,
  tool: { id: string; name?: string; image?: string },
  {
    unitPriceCents,
    quantity,
    ...more
  }: { unitPriceCents: number; quantity: number } & Partial<PgInsertValue<typeof orders>>,
): PgInsertValue<typeof orders> {
  return {
    userId: customer.id,
    email: customer.email,
    toolId: tool.id,
    name: tool.name ?? "Test Pliers",
    image: tool.image ?? "/images/tools/pliers.svg",
    unitPriceCents,
    quantity,
    totalCents: unitPriceCents * quantity,
    address: "1 Main St",
    phone: "555 0100",
    ...more,
  };
}

/**
 * Orders straight in the database, each with its one line made from its own columns (as migration
 * 0024 moved the orders placed before lines existed).
 */
export async function insertOrders(
  db: Database,
  values: PgInsertValue<typeof orders> | PgInsertValue<typeof orders>[],
): Promise<(typeof orders.$inferSelect)[]> {
  const rows = await db
    .insert(orders)
    .values(Array.isArray(values) ? values : [values])
    .returning();
  if (rows.length > 0) {
    await db.insert(orderLines).values(
      rows.map((row) => ({
        orderId: row.id,
        position: 0,
        toolId: row.toolId,
        name: row.name,
        image: row.image,
        unitPriceCents: row.unitPriceCents,
        quantity: row.quantity,
        totalCents: row.totalCents,
        refundedQuantity: row.status === "refunded" ? row.quantity : 0,
      })),
    );
  }
  return rows;
}
