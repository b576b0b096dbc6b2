// Rows for API and service tests (tests only): users and tools straight in the database.
import type { Database } from "@toolshop/db/client";
import { categories, orderLines, orders, tools, users } from "@toolshop/db/schema";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
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

/** The id of the category with `slug`, inside an insert; the roots electrical and mechanical always exist (0036). */
export function categoryIdOf(slug: string): SQL<string> {
  return sql<string>`(select ${categories.id} from ${categories} where ${categories.slug} = ${slug})`;
}

/** A SKU of its own for a test tool, from the shop's sequence (decision 0056). */
export function nextTestSku(): SQL<string> {
  return sql<string>`'TEST-' || nextval('tool_sku_numbers')`;
}

export async function addTool(
  db: Database,
  values: {
    priceCents?: number;
    minQuantity?: number;
    availableQuantity?: number;
    category?: string;
    sku?: string;
    name?: string;
  } = {},
) {
  const [tool] = await db
    .insert(tools)
    .values({
      name: values.name ?? "Test Pliers",
      short: "Pliers for tests.",
      image: "/images/tools/pliers.svg",
      priceCents: values.priceCents ?? 1250,
      minQuantity: values.minQuantity ?? 2,
      availableQuantity: values.availableQuantity ?? 100,
      categoryId: categoryIdOf(values.category ?? "mechanical"),
      sku: values.sku ?? nextTestSku(),
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
 * An order to put straight in the database with its one line: the order's own columns, and the line's
 * tool (none: it left the catalogue), name, picture, unit price and quantity beside them.
 */
export type OrderWithOneLine = PgInsertValue<typeof orders> & {
  toolId?: string | null;
  name: string;
  image: string;
  unitPriceCents: number;
  quantity: number;
};

/**
 * The order of `quantity` × `tool` at `unitPriceCents` by `customer`, for insertOrders: the total is
 * theirs, the tool's name and picture default to addTool's, and a test address and phone. `more` sets
 * the rest (status, createdAt, address...).
 */
export function orderRow(
  customer: TestUser,
  tool: { id: string; name?: string; image?: string },
  {
    unitPriceCents,
    quantity,
    ...more
  }: { unitPriceCents: number; quantity: number } & Partial<PgInsertValue<typeof orders>>,
): OrderWithOneLine {
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
 * Orders straight in the database, each with its one line (a refunded order's refunded in full, as
 * migration 0024 moved the orders placed before lines existed). Answers the orders' rows, in order.
 */
export async function insertOrders(
  db: Database,
  values: OrderWithOneLine | OrderWithOneLine[],
): Promise<(typeof orders.$inferSelect)[]> {
  const list = (Array.isArray(values) ? values : [values]).map(
    ({ toolId = null, name, image, unitPriceCents, quantity, ...order }) => ({
      order,
      line: { toolId, name, image, unitPriceCents, quantity, totalCents: unitPriceCents * quantity },
    }),
  );
  if (list.length === 0) return [];
  const rows = await db
    .insert(orders)
    .values(list.map(({ order }) => order))
    .returning();
  await db.insert(orderLines).values(
    rows.map((row, index) => {
      const { line } = list[index] as (typeof list)[number];
      const refundedQuantity = row.status === "refunded" ? line.quantity : 0;
      return { ...line, orderId: row.id, position: 0, refundedQuantity };
    }),
  );
  return rows;
}

/** The orders that have a line of this tool. */
export async function ordersOfTool(db: Database, toolId: string): Promise<(typeof orders.$inferSelect)[]> {
  const withTheTool = db
    .select({ orderId: orderLines.orderId })
    .from(orderLines)
    .where(eq(orderLines.toolId, toolId));
  return await db.select().from(orders).where(inArray(orders.id, withTheTool));
}
