import { describe, expect, it } from "vitest";
import { loadConfig } from "./env";
import { startBanner } from "./start-banner";

describe("the block npm start prints when it is ready", () => {
  it("tells a newcomer the address, the mail folder, how to become the owner and what a real shop lacks", () => {
    const config = loadConfig({ DATA_DIR: "/home/me/toolshop/data" });
    expect(startBanner({ config, listeningUrl: "http://127.0.0.1:3000" }).split("\n")).toEqual([
      "Toolshop is ready at http://localhost:3000 (PGlite in /home/me/toolshop/data/db)",
      "  Mails:  written as .eml files to /home/me/toolshop/data/mail (a sign-up's verification link is in its mail)",
      "  Admins: none set: set ADMIN_EMAILS=<your email> and sign up with it, or run npm run admin -- grant <email>",
      "  A real shop still needs: PAYMENT_GATEWAY=stripe with its keys (the test gateway takes any card), SELLER_ADDRESS, SELLER_TAX_ID, SMTP_URL (README, Configuration)",
    ]);
  });

  it("names the admins set, the relay, and nothing lacking once a shop is configured", () => {
    const config = loadConfig({
      PORT: "0",
      DATABASE_URL: "postgres://shop@db/toolshop",
      ADMIN_EMAILS: "Owner@Shop.example",
      SMTP_URL: "smtp://relay.shop.example:587",
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      SELLER_ADDRESS: "1 Works Road\\nSheffield",
      SELLER_TAX_ID: "GB123456789",
    });
    expect(startBanner({ config, listeningUrl: "http://127.0.0.1:41234" }).split("\n")).toEqual([
      "Toolshop is ready at http://127.0.0.1:41234 (PostgreSQL)",
      "  Mails:  sent through SMTP_URL",
      "  Admins: owner@shop.example (ADMIN_EMAILS): admin once the address is proven",
      "  Configured for real payments, mail and invoices",
    ]);
  });
});
