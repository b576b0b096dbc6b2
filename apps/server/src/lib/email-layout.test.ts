import type { Order } from "@toolshop/shared/orders";
import type { StoredQuote } from "@toolshop/shared/quotes";
import { describe, expect, it } from "vitest";
import { orderConfirmationEmail } from "../features/orders/confirmation-email";
import { orderCancelledEmail, orderRefundedEmail, orderShippedEmail } from "../features/orders/status-emails";
import { quoteRequestEmail } from "../features/quotes/sales-email";
import { passwordResetEmail, verificationEmail } from "../plugins/auth/emails";

const EVIL = "<a href=http://evil>x</a> http://evil.example www.evil.example";
const SHOP = "http://localhost:3000";

/** What a mail client's link detector would find: anchors, schemes and host names. */
function linkables(body: string): string[] {
  return [...body.matchAll(/\bhttps?:\/\/[^\s<"]+|\b(?:[\p{L}\d-]+\.)+\p{L}{2,}\b/gu)].map(
    (match) => match[0],
  );
}

const order: Order = {
  _id: crypto.randomUUID(),
  number: "TS-000001",
  name: EVIL,
  address: EVIL,
  phone: "+1 555-0100",
  email: "ada@example.com",
  image: "/images/x.webp",
  price: 20,
  unitPrice: 10,
  quantity: 2,
  paid: true,
  status: "paid",
  transactionId: "pi_123",
  createdAt: new Date(0).toISOString(),
  toolId: null,
  holdsUntil: null,
  cancelReason: null,
  quoteId: null,
  shipping: null,
  invoiceNumber: null,
  creditNotes: [],
  lines: [
    {
      toolId: null,
      sku: null,
      name: EVIL,
      image: "/images/x.webp",
      unitPrice: 10,
      quantity: 2,
      total: 20,
      refundedQuantity: 0,
      net: 20,
      tax: 0,
      gross: 20,
    },
  ],
  tax: { ratePercent: 0, pricesIncludeTax: false, net: 20, tax: 0, gross: 20 },
};

const quote: StoredQuote = {
  lines: [],
  _id: crypto.randomUUID(),
  name: EVIL,
  email: "ada@example.com",
  phone: "",
  company: EVIL,
  tool: "",
  quantity: null,
  message: `Hello\n${EVIL}`,
  createdAt: new Date(0).toISOString(),
  handled: false,
  state: "requested",
};

describe("mails show a person's text as text, never as a link", () => {
  const mails = {
    verification: verificationEmail(EVIL, `${SHOP}/verify?token=t`),
    reset: passwordResetEmail(EVIL, `${SHOP}/reset-password?token=t`),
    confirmation: orderConfirmationEmail(order, "usd", SHOP),
    // An unknown carrier: no tracking link, so the shop's links are the only ones.
    shipped: orderShippedEmail(order, { carrier: EVIL, trackingNumber: EVIL }, SHOP),
    cancelled: orderCancelledEmail(order, "expiry", "usd", SHOP),
    refunded: orderRefundedEmail(order, "pi_123", "usd", SHOP),
    quote: quoteRequestEmail(quote, [], "sales@example.com", SHOP),
    quoteWithLines: quoteRequestEmail(quote, [{ name: EVIL, quantity: 3 }], "sales@example.com", SHOP),
  };

  it.each(Object.entries(mails))("%s: the only links are the shop's own", (_kind, mail) => {
    // The text body is not HTML, so "<a" there is only characters; in the HTML body it must be escaped.
    expect(mail.html).not.toContain("<a href=http");
    const anchors = [...mail.html.matchAll(/<a\b[^>]*>/g)].map((match) => match[0]);
    expect(anchors.every((anchor) => anchor.startsWith(`<a href="${SHOP}/`))).toBe(true);
    for (const body of [mail.html, mail.text]) {
      expect(body).not.toContain("http://evil");
      expect(body).not.toContain("evil.example");
      const links = linkables(body).filter(
        (link) => !link.startsWith(SHOP) && !link.startsWith(`<a href="${SHOP}`),
      );
      // The shop's addresses (ada@example.com is the customer's and is broken up too) are all that is left.
      expect(links).toEqual([]);
    }
    // The name still reads as typed once the invisible breaks are removed.
    expect(mail.text.replaceAll("\u200b", "")).toContain(EVIL);
    expect(mail.html).toContain("&lt;a href=http:");
  });

  it("keeps the shop's links clickable in both bodies", () => {
    expect(mails.reset.text).toContain(`${SHOP}/reset-password?token=t`);
    expect(mails.reset.html).toContain(`<a href="${SHOP}/reset-password?token=t">`);
    expect(mails.quote.text).toContain(`${SHOP}/dashboard/quote-requests?open=${quote._id}`);
  });

  it("links a known carrier's tracking page, whatever the tracking number holds", () => {
    const mail = orderShippedEmail(order, { carrier: "UPS", trackingNumber: EVIL }, SHOP);
    const tracking = `https://www.ups.com/track?tracknum=${encodeURIComponent(EVIL)}`;
    const anchors = [...mail.html.matchAll(/<a href="([^"]*)">/g)].map((match) => match[1]);
    expect(anchors).toEqual([tracking.replaceAll("&", "&amp;"), `${SHOP}/dashboard`]);
    expect(mail.text).toContain(tracking);
    // The number itself, in the details, is text in both bodies.
    expect(mail.html).toContain("<td>&lt;a href=http:");
    expect(mail.html).not.toContain("<a href=http");
  });
});

describe("an address of several lines", () => {
  const lines = ["Unit 4, <b>Forge</b> Park", "Sheffield", "S1 2AB"];
  const placed = { ...order, address: lines.join("\n") };
  const mails = {
    confirmation: orderConfirmationEmail(placed, "usd", SHOP),
    shipped: orderShippedEmail(placed, { carrier: "UPS", trackingNumber: "1Z" }, SHOP),
  };

  it.each(Object.entries(mails))(
    "%s: one line each in the text body, <br> between them in HTML",
    (_, mail) => {
      expect(mail.text).toContain("Delivery address: Unit 4, <b>Forge</b> Park\n  Sheffield\n  S1 2AB\n");
      expect(mail.html).toContain("<td>Unit 4, &lt;b&gt;Forge&lt;/b&gt; Park<br>Sheffield<br>S1 2AB</td>");
      expect(mail.subject).not.toMatch(/[\r\n]/);
    },
  );
});
