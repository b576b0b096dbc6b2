// /cart?add=<tool id>&quantity=<n> (docs/decisions/0049, 0050): the page adds the line when it opens,
// so any site could fill a customer's cart by linking here. Only the server sees the browser's
// Sec-Fetch-Site; it vouches, with a <meta> naming exactly the addition, for a navigation from the
// shop's own pages, and the page asks the customer about every other one (another site, a mailed or
// typed link, an older browser that sends no header).
import { CART_LINK_META, cartLinkKey, readCartAddition } from "@toolshop/shared/cart-link";
import { PAGE_PATHS } from "@toolshop/shared/page-paths";
import type { FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "../../lib/html";

/** Whether the browser said the navigation came from a page of this very origin. */
export function fromOwnPage(request: FastifyRequest): boolean {
  return request.headers["sec-fetch-site"] === "same-origin";
}

/**
 * Sends the cart page for a request that carries an addition, and answers true; false for any other
 * request (the caller sends it as usual). The answer depends on Sec-Fetch-Site, so no cache keeps it.
 */
export function sendCartLinkPage(request: FastifyRequest, reply: FastifyReply, shell: string): boolean {
  const [path, search = ""] = request.url.split("?");
  if (path !== PAGE_PATHS.cart) return false;
  const addition = readCartAddition(new URLSearchParams(search));
  if (!addition) return false;
  const page = fromOwnPage(request) ? withCartLinkVouch(shell, cartLinkKey(addition)) : shell;
  reply
    .header("cache-control", "no-store")
    .header("vary", "sec-fetch-site")
    .type("text/html; charset=utf-8")
    .send(page);
  return true;
}

/** The page with the vouch last in its head. */
export function withCartLinkVouch(html: string, key: string): string {
  const tag = `<meta name="${CART_LINK_META}" content="${escapeHtml(key)}" />`;
  const headEnd = html.indexOf("</head>");
  return headEnd < 0 ? `${tag}${html}` : `${html.slice(0, headEnd)}  ${tag}\n  ${html.slice(headEnd)}`;
}
