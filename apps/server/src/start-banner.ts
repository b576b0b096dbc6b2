// What a newcomer needs once `npm start` is ready, in one block: where the shop is, where its mails
// go (the verification link of a first sign-up is in them), how to become the owner, and what a real
// shop still has to configure. Logged once by server.ts; a pure function so its sentences are tested.
import { join } from "node:path";
import type { Config } from "./env";

export type StartBannerInput = {
  config: Pick<
    Config,
    "publicUrl" | "port" | "dataDir" | "databaseUrl" | "adminEmails" | "mail" | "payments" | "seller"
  >;
  /** The address actually listened on: PORT=0 picks a free port that the public URL cannot know. */
  listeningUrl: string;
};

export function startBanner({ config, listeningUrl }: StartBannerInput): string {
  const address = config.port === 0 ? listeningUrl : config.publicUrl;
  const database = config.databaseUrl ? "PostgreSQL" : `PGlite in ${join(config.dataDir, "db")}`;
  const mails = config.mail.smtp
    ? "sent through SMTP_URL"
    : `written as .eml files to ${join(config.dataDir, "mail")} (a sign-up's verification link is in its mail)`;
  const admins =
    config.adminEmails.length > 0
      ? `${config.adminEmails.join(", ")} (ADMIN_EMAILS): admin once the address is proven`
      : "none set: set ADMIN_EMAILS=<your email> and sign up with it, or run npm run admin -- grant <email>";
  const lacking = [
    ...(config.payments.gateway === "test"
      ? ["PAYMENT_GATEWAY=stripe with its keys (the test gateway takes any card)"]
      : []),
    ...(config.seller.addressLines.length === 0 ? ["SELLER_ADDRESS"] : []),
    ...(config.seller.taxId ? [] : ["SELLER_TAX_ID"]),
    ...(config.mail.smtp ? [] : ["SMTP_URL"]),
  ];
  return [
    `Toolshop is ready at ${address} (${database})`,
    `  Mails:  ${mails}`,
    `  Admins: ${admins}`,
    lacking.length > 0
      ? `  A real shop still needs: ${lacking.join(", ")} (README, Configuration)`
      : "  Configured for real payments, mail and invoices",
  ].join("\n");
}
