import { type APIRequestContext, type Browser, expect, type Page, type ViewportSize } from "@playwright/test";
import sharp from "sharp";
import { type Account, accessToken, newAccount, signInAsAdmin, signUp } from "./accounts-fixtures";
import { ADDRESS, PHONE, TEST_CARD } from "./orders-fixtures";

// Set-up done through the API, so that a spec spends its time on what a person does in the browser:
// calling the API as whoever is signed in on a page, adding tools, ordering and paying; and the other
// people of a test (the admin, more customers), each in a browser of their own.

type RequestOptions = Omit<NonNullable<Parameters<APIRequestContext["fetch"]>[1]>, "method" | "headers">;

/** A call to the API as one signed-in person; anything but 2xx fails the test. Answers the JSON body. */
export type Api = <Body>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options?: RequestOptions,
) => Promise<Body>;

/** Calls the API with the bearer token of whoever is signed in on `page`. */
export async function apiOf(page: Page): Promise<Api> {
  const token = await accessToken(page);
  if (!token) throw new Error("apiOf: no one is signed in on this page");
  const headers = { authorization: `Bearer ${token}` };
  return async (method, url, options = {}) => {
    const response = await page.request.fetch(url, { ...options, method, headers });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return response.json();
  };
}

/** Someone signed in in a browser of their own (their own cookies and token), with their API. */
export interface OtherBrowser {
  page: Page;
  api: Api;
  close: () => Promise<void>;
}

/** A new customer, signed up in a browser of their own. */
export async function customerInOwnBrowser(
  browser: Browser,
  label: string,
  viewport?: ViewportSize,
): Promise<OtherBrowser & { account: Account }> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const account = newAccount(label);
  await signUp(page, account);
  return { page, account, api: await apiOf(page), close: () => context.close() };
}

/** The shared admin, signed in in a browser of their own. */
export async function adminInOwnBrowser(browser: Browser): Promise<OtherBrowser> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  return { page, api: await apiOf(page), close: () => context.close() };
}

let toolCount = 0;

/** A tool name no other test (or earlier run against the same server) has used: the label, then a stamp. */
export function uniqueToolName(label: string): string {
  toolCount += 1;
  return `${label} ${Date.now().toString(36)}${process.pid.toString(36)}${toolCount}`;
}

/** Uploads a plain 400 × 300 PNG as Add Product does (an admin's API); answers its URL. */
export async function uploadPicture(api: Api): Promise<string> {
  const picture = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 37, g: 99, b: 235 } },
  })
    .png()
    .toBuffer();
  const upload = await api<{ data: { url: string } }>("POST", "/api/uploads", {
    multipart: { image: { name: "tool.png", mimeType: "image/png", buffer: picture } },
  });
  return upload.data.url;
}

export interface ToolToAdd {
  name: string;
  short: string;
  minQuantity: number;
  availableQuantity: number;
  price: number;
  /** A category's slug; the server's default (mechanical) when left out. */
  category?: string;
  /** Prices by quantity: from minQuantity units up, each costs unitPrice. */
  priceBreaks?: { minQuantity: number; unitPrice: number }[];
  /** An uploaded picture's URL (tools may share one); a new picture is uploaded when left out. */
  image?: string;
}

export interface AddedTool {
  _id: string;
  name: string;
  /** Its part number: the shop's own series when the tool was added without one. */
  sku: string;
}

/** Adds a tool as Add Product does, through an admin's API. */
export async function addTool(api: Api, tool: ToolToAdd): Promise<AddedTool> {
  const image = tool.image ?? (await uploadPicture(api));
  return api<AddedTool>("POST", "/api/tools", { data: { ...tool, image } });
}

/**
 * Orders `quantity` of a tool through a customer's API, delivered to ADDRESS, and pays it with the
 * test gateway's card when asked (the checkout, the payment screen and its confirmation, in one go).
 */
export async function orderThroughApi(api: Api, toolId: string, quantity: number, { pay = false } = {}) {
  const order = await api<{ _id: string }>("POST", "/api/orders", {
    data: { toolId, address: ADDRESS, phone: PHONE, quantity },
  });
  if (pay) await payThroughApi(api, order._id);
  return order;
}

/** An order of several lines (a cart's), placed as the checkout places it, and paid if asked. */
export async function cartOrderThroughApi(
  api: Api,
  lines: { toolId: string; quantity: number }[],
  { pay = false } = {},
) {
  const order = await api<{ _id: string }>("POST", "/api/orders", {
    data: { lines, address: ADDRESS, phone: PHONE },
  });
  if (pay) await payThroughApi(api, order._id);
  return order;
}

/** Pays an order with the test gateway's card, as the payment page does. */
async function payThroughApi(api: Api, orderId: string) {
  const { clientSecret } = await api<{ clientSecret: string }>("POST", "/api/create-payment-intent", {
    data: { orderId },
  });
  const confirmed = await api<{ paymentIntent: { id: string } }>("POST", "/api/test-gateway/confirm", {
    data: { clientSecret, card: TEST_CARD },
  });
  await api("PATCH", `/api/orders/${orderId}`, { data: { transactionId: confirmed.paymentIntent.id } });
}
