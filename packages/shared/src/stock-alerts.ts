// Back-in-stock alerts (issue 58, decision 0059): "Email me when it is back" on a sold-out tool. An
// address is proven by the link mailed to it (or by the signed-in account that proved it already); one
// mail goes out when the stock covers a minimum order again, with a link that stops such mails.
import { z } from "zod";
import { emailSchema } from "./auth";

/** POST /api/stock-alerts. Signed in, the account's address is used whatever `email` says. */
export const stockAlertRequestSchema = z.object({
  toolId: z.uuid("toolId must be a tool's id"),
  email: emailSchema().optional(),
});
export type StockAlertRequest = z.infer<typeof stockAlertRequestSchema>;

/** The form on a product page: the address is asked only of a visitor. */
export const stockAlertFormSchema = z.object({ email: emailSchema() });
export type StockAlertForm = z.infer<typeof stockAlertFormSchema>;

/** A link's token: 32 random bytes in base64url (43 characters); anything longer is no token of ours. */
export const STOCK_ALERT_TOKEN_LENGTH = 43;

/** POST /api/stock-alerts/confirm and /unsubscribe: the token of the mailed link. */
export const stockAlertTokenSchema = z.object({
  token: z
    .string()
    .length(STOCK_ALERT_TOKEN_LENGTH, "This link is not complete: please open it from the mail again")
    .regex(/^[A-Za-z0-9_-]+$/, "This link is not complete: please open it from the mail again"),
});
export type StockAlertToken = z.infer<typeof stockAlertTokenSchema>;

/** What the shop answers: a sentence for the person, and whether the alert waits for proof. */
export const stockAlertAnswerSchema = z.object({
  message: z.string(),
  /** Waiting for the mailed link to be opened. */
  proofMailed: z.boolean(),
});
export type StockAlertAnswer = z.infer<typeof stockAlertAnswerSchema>;

/** GET /api/stock-alerts/waiting (admins): proven alerts not yet mailed, per tool that has any. */
export const stockAlertsWaitingSchema = z.array(z.object({ toolId: z.uuid(), waiting: z.number().int() }));
export type StockAlertsWaiting = z.infer<typeof stockAlertsWaitingSchema>;

/** How long a proof link stays good. */
export const STOCK_ALERT_PROOF_DAYS = 7;

export const stockAlertSentences = {
  inStock: (name: string) => `${name} is in stock: you can order it now.`,
  alertSet: (email: string, name: string) => `We will email ${email} once when ${name} is back in stock.`,
  proofMailed: (email: string) =>
    `We sent a link to ${email}. Open it to confirm, and we will email you once when the tool is back.`,
  linkInvalid: "This link is no longer valid. Please ask for the alert again on the tool's page.",
  confirmed: (name: string) => `Confirmed: we will email you once when ${name} is back in stock.`,
  confirmedInStock: (name: string) => `${name} is back in stock already: we have emailed you.`,
  unsubscribed: (email: string) => `${email} will get no more back-in-stock mails.`,
} as const;
