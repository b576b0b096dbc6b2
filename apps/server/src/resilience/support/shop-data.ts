// Customers, tools and access tokens written straight into the database the server processes use,
// and the database-side facts the suites check the servers' answers against.
import { randomUUID } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { orderLines, tools, users } from "@toolshop/db/schema";
import { eq } from "drizzle-orm";
import { accessTokens } from "../../plugins/auth/access-token";
import { categoryIdOf, nextTestSku } from "../../testing/fixtures";
import { TEST_AUTH_SECRET } from "./server-process";

export interface Customer {
  id: string;
  email: string;
  /** Authorization: Bearer <a token the servers accept> */
  authorization: string;
}

let counter = 0;
const tokens = accessTokens(TEST_AUTH_SECRET);

export async function addCustomers(db: Database, count: number, role: "user" | "admin" = "user") {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, () => {
        counter += 1;
        return { email: `resilience-${counter}-${Date.now()}@example.com`, role };
      }),
    )
    .returning({ id: users.id, email: users.email });
  return Promise.all(
    rows.map(
      async (user): Promise<Customer> => ({
        ...user,
        authorization: `Bearer ${await tokens.sign({ ...user, sessionId: randomUUID() })}`,
      }),
    ),
  );
}

export async function addTool(db: Database, availableQuantity: number) {
  const [tool] = await db
    .insert(tools)
    .values({
      name: `Resilience Wrench ${++counter}`,
      short: "A wrench for the resilience tests.",
      image: "/images/tools/wrench.svg",
      priceCents: 1500,
      minQuantity: 1,
      availableQuantity,
      categoryId: categoryIdOf("mechanical"),
      sku: nextTestSku(),
    })
    .returning();
  if (!tool) throw new Error("no tool inserted");
  return tool;
}

/** The tool's stock and the orders that hold it (on any line) as the database holds them. */
export async function stockAndOrders(db: Database, toolId: string) {
  const [tool] = await db
    .select({ available: tools.availableQuantity })
    .from(tools)
    .where(eq(tools.id, toolId));
  const rows = await db
    .select({ id: orderLines.orderId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.toolId, toolId));
  return {
    stock: tool?.available,
    orderIds: new Set(rows.map((row) => row.id)),
    orderedUnits: rows.reduce((sum, row) => sum + row.quantity, 0),
  };
}

export interface RequestAttempt {
  status?: number;
  /** The body, when the answer was complete. */
  body?: { _id?: string; message?: string };
  /** Set when no complete answer came (reset, refused, cut short). */
  failure?: string;
  sentAt: number;
}

/**
 * Sends one request and records its answer; never throws: a broken connection, a cut-short or non-JSON
 * body, or one `refuse` rejects, is recorded as a failure.
 */
async function attempt(
  url: string,
  init: RequestInit,
  refuse?: (status: number, body: unknown) => boolean,
): Promise<RequestAttempt> {
  const sentAt = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    const text = await response.text();
    let body: RequestAttempt["body"];
    try {
      body = JSON.parse(text);
    } catch {
      return { status: response.status, failure: `not JSON: ${text.slice(0, 200)}`, sentAt };
    }
    if (refuse?.(response.status, body)) {
      return { status: response.status, failure: `unexpected: ${text.slice(0, 200)}`, sentAt };
    }
    return { status: response.status, body, sentAt };
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    return { failure: `${(error as Error).message}${cause ? `: ${cause.message}` : ""}`, sentAt };
  }
}

/** GET /api/tools; a 200 must be the list of tools. */
export function readCatalogue(baseUrl: string): Promise<RequestAttempt> {
  return attempt(`${baseUrl}/api/tools`, {}, (status, body) => status === 200 && !Array.isArray(body));
}

/** POST /api/orders. */
export function placeOrder(
  baseUrl: string,
  customer: Customer,
  toolId: string,
  quantity = 1,
): Promise<RequestAttempt> {
  return attempt(`${baseUrl}/api/orders`, {
    method: "POST",
    headers: { authorization: customer.authorization, "content-type": "application/json" },
    body: JSON.stringify({ toolId, address: "1 Main St", phone: "5550100", quantity }),
  });
}

/** POST /api/orders with several lines, one unit of each tool, in the order given. */
export function placeCart(
  baseUrl: string,
  customer: Customer,
  toolIds: readonly string[],
): Promise<RequestAttempt> {
  return attempt(`${baseUrl}/api/orders`, {
    method: "POST",
    headers: { authorization: customer.authorization, "content-type": "application/json" },
    body: JSON.stringify({
      lines: toolIds.map((toolId) => ({ toolId, quantity: 1 })),
      address: "1 Main St",
      phone: "5550100",
    }),
  });
}
