import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("loadConfig accepted the configuration");
}

describe("loadConfig", () => {
  it("needs no variable at all, with the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      dataDir: resolve("./data"),
      databaseUrl: undefined,
      authSecret: undefined,
      adminEmails: [],
      currency: "usd",
      logLevel: "info",
      nodeEnv: "development",
      payments: { gateway: "test" },
      oauth: { google: undefined, github: undefined },
    });
  });

  it("reads the variables it is given and treats empty ones as unset", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgresql://shop:pw@db.internal:5432/shop",
      ADMIN_EMAILS: " Boss@Example.com, ops@example.com ,",
      GITHUB_CLIENT_ID: "id",
      GITHUB_CLIENT_SECRET: "secret",
      CURRENCY: "EUR",
      REDIS_URL: "",
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe("postgresql://shop:pw@db.internal:5432/shop");
    expect(config.adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
    expect(config.oauth.github).toEqual({ clientId: "id", clientSecret: "secret" });
    expect(config.currency).toBe("eur");
    expect(config.redisUrl).toBeUndefined();
  });

  it("stops a malformed DATABASE_URL with one sentence naming it", () => {
    for (const value of ["mysql://localhost/shop", "not a url", "localhost:5432"]) {
      expect(() => loadConfig({ DATABASE_URL: value })).toThrow(
        new ConfigError(["DATABASE_URL must be a postgres:// or postgresql:// URL."]),
      );
    }
  });

  it("reads SMTP_URL and MAIL_FROM once, and stops one it cannot honour with a sentence naming it", () => {
    const config = loadConfig({
      SMTP_URL: "smtps://relay.example:2465/?maxConnections=8",
      MAIL_FROM: '"Tool, Shop" <s@shop.example>',
    });
    expect(config.mail.smtp).toMatchObject({
      host: "relay.example",
      port: 2465,
      secure: true,
      maxConnections: 8,
    });
    expect(config.mail.from).toEqual({ name: "Tool, Shop", address: "s@shop.example" });
    expect(loadConfig({}).mail).toMatchObject({
      smtp: undefined,
      from: { name: "Toolshop", address: "no-reply@toolshop.local" },
    });
    expect(
      problemsOf({
        SMTP_URL: "smtp://relay/?proxy=socks5://elsewhere",
        MAIL_FROM: "Shop <a@b.c>\r\nBcc: x@y.z",
      }),
    ).toEqual([
      "SMTP_URL has an option this shop does not know: proxy (known: maxConnections, maxWaiting, pool, localAddress, tls.rejectUnauthorized, requireTLS, ignoreTLS, name, timeout).",
      "MAIL_FROM must be an email address, or a name and one: Toolshop <no-reply@shop.example>.",
    ]);
    expect(problemsOf({ SMTP_URL: "http://relay" })).toEqual([
      "SMTP_URL must be an smtp:// or smtps:// URL.",
    ]);
  });

  it("reads MAIL_FROM as exactly one mailbox", () => {
    const from = (value: string) => loadConfig({ MAIL_FROM: value }).mail.from;
    expect(from("a@b.co")).toEqual({ address: "a@b.co" });
    expect(from("Zoë Müller <zoe@b.co>")).toEqual({ name: "Zoë Müller", address: "zoe@b.co" });
    expect(from('"Say \\"hi\\"" <a@b.co>')).toEqual({ name: 'Say "hi"', address: "a@b.co" });
    for (const bad of [
      "a@b.co, d@e.co",
      "A <a@b.co>, B <d@e.co>",
      "<>",
      "no-at-sign",
      "team: a@b.co;",
      "a@b.co\n",
    ]) {
      expect(problemsOf({ MAIL_FROM: bad }), bad).toEqual([
        "MAIL_FROM must be an email address, or a name and one: Toolshop <no-reply@shop.example>.",
      ]);
    }
  });

  it("lists every bad variable, one sentence each", () => {
    expect(
      problemsOf({
        NODE_ENV: "production",
        PORT: "http",
        DATABASE_URL: "mysql://x",
        PAYMENT_GATEWAY: "stripe",
        GOOGLE_CLIENT_ID: "id",
      }),
    ).toEqual([
      "PORT must be a port number.",
      "DATABASE_URL must be a postgres:// or postgresql:// URL.",
      "AUTH_SECRET is required when NODE_ENV is production.",
      "GOOGLE_CLIENT_SECRET must be set together with GOOGLE_CLIENT_ID.",
      "STRIPE_SECRET_KEY is required when PAYMENT_GATEWAY is stripe.",
      "STRIPE_PUBLISHABLE_KEY is required when PAYMENT_GATEWAY is stripe.",
    ]);
  });

  it("reads an OpenID issuer that stands in for a provider, which needs the provider's client", () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      GOOGLE_ISSUER_URL: "http://127.0.0.1:4180/",
    });
    expect(config.oauth.google).toEqual({
      clientId: "id",
      clientSecret: "secret",
      issuerUrl: "http://127.0.0.1:4180",
    });

    expect(
      problemsOf({ GITHUB_ISSUER_URL: "http://127.0.0.1:4181", GOOGLE_ISSUER_URL: "ftp://idp" }),
    ).toEqual([
      "GOOGLE_ISSUER_URL must be an http:// or https:// URL.",
      "GOOGLE_ISSUER_URL needs GOOGLE_CLIENT_ID and its secret.",
      "GITHUB_ISSUER_URL needs GITHUB_CLIENT_ID and its secret.",
    ]);
  });

  it("refuses production on the test gateway unless PAYMENT_GATEWAY=test says so on purpose", () => {
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) };
    expect(problemsOf(production)).toEqual([
      "PAYMENT_GATEWAY must be set when NODE_ENV is production: stripe for real payments, or test to run the built-in test gateway on purpose.",
    ]);
    // An empty value (PAYMENT_GATEWAY= in a .env file) is "not set", not a choice.
    expect(problemsOf({ ...production, PAYMENT_GATEWAY: "" })).toHaveLength(1);
    expect(loadConfig({ ...production, PAYMENT_GATEWAY: "test" }).payments.gateway).toBe("test");
    // Outside production the test gateway stays the default.
    expect(loadConfig({}).payments.gateway).toBe("test");
  });

  it("rejects a short AUTH_SECRET and bad admin emails", () => {
    expect(problemsOf({ AUTH_SECRET: "short", ADMIN_EMAILS: "boss@example.com, nobody" })).toEqual([
      "AUTH_SECRET must be at least 32 characters long.",
      "ADMIN_EMAILS must be a comma-separated list of email addresses.",
    ]);
  });
  it("drains 5 s before a production stop and not at all elsewhere, unless SHUTDOWN_DRAIN_MS says", () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(
      loadConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), PAYMENT_GATEWAY: "test" })
        .shutdownDrainMs,
    ).toBe(5_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "250" }).shutdownDrainMs).toBe(250);
    expect(problemsOf({ SHUTDOWN_DRAIN_MS: "soon" })).toEqual([
      "SHUTDOWN_DRAIN_MS must be a number of milliseconds.",
    ]);
  });
  it("runs the job worker unless WORKER=off, and checks the queue's poll and stuck limits", () => {
    expect(loadConfig({})).toMatchObject({ worker: true, jobPollSeconds: 2, jobStuckMinutes: 10 });
    expect(loadConfig({ WORKER: "off", JOB_POLL_SECONDS: "0.5", JOB_STUCK_MINUTES: "3" })).toMatchObject({
      worker: false,
      jobPollSeconds: 0.5,
      jobStuckMinutes: 3,
    });
    expect(problemsOf({ WORKER: "no", JOB_POLL_SECONDS: "0.1", JOB_STUCK_MINUTES: "1.5" })).toEqual([
      "WORKER must be on or off.",
      "JOB_POLL_SECONDS must be between 0.5 and 60.",
      "JOB_STUCK_MINUTES must be a whole number of minutes.",
    ]);
  });
  it("waits 5 s for a database connection unless DATABASE_CONNECT_TIMEOUT_SECONDS says otherwise", () => {
    expect(loadConfig({}).databaseConnectTimeoutMs).toBe(5_000);
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_SECONDS: "30" }).databaseConnectTimeoutMs).toBe(30_000);
    expect(problemsOf({ DATABASE_CONNECT_TIMEOUT_SECONDS: "0" })).toEqual([
      "DATABASE_CONNECT_TIMEOUT_SECONDS must be between 1 and 600.",
    ]);
  });
  it("keeps uploads on the local disk unless S3_BUCKET is set, and wants S3 keys in pairs", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: "images",
        S3_ENDPOINT: "http://127.0.0.1:4569",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        IMAGE_BASE_URL: "https://cdn.example.com/images/",
      }),
    ).toMatchObject({
      s3: {
        bucket: "images",
        endpoint: "http://127.0.0.1:4569",
        region: "us-east-1",
        credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      },
      imageBaseUrl: "https://cdn.example.com/images",
    });
    expect(
      problemsOf({
        S3_ACCESS_KEY_ID: "id",
        S3_ENDPOINT: "http://s3.local",
        IMAGE_BASE_URL: "https://cdn.test",
      }),
    ).toEqual([
      "S3_SECRET_ACCESS_KEY must be set together with S3_ACCESS_KEY_ID.",
      "S3_ENDPOINT needs S3_BUCKET.",
      "IMAGE_BASE_URL needs S3_BUCKET.",
    ]);
  });
  it("reads TRUST_PROXY as off, one hop for true, a hop count or proxy addresses, and refuses anything else", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    // Fastify's own `true` would take the left-most X-Forwarded-For entry, which the client writes:
    // hop 0 is the socket's address, then X-Forwarded-For from the right.
    const trustedHops = (value: string) => {
      const trust = loadConfig({ TRUST_PROXY: value }).trustProxy;
      if (typeof trust !== "function") throw new Error(`TRUST_PROXY=${value} gave ${String(trust)}`);
      return [0, 1, 2, 3].filter((hop) => trust("203.0.113.9", hop));
    };
    expect(trustedHops("true")).toEqual([0]);
    expect(trustedHops("1")).toEqual([0]);
    expect(trustedHops("3")).toEqual([0, 1, 2]);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" }).trustProxy).toBe("127.0.0.1, 10.0.0.0/8");
    expect(loadConfig({ TRUST_PROXY: "loopback,fd00::/8,::1" }).trustProxy).toBe("loopback,fd00::/8,::1");
    for (const value of [
      "everyone",
      "0",
      "100",
      "10.0.0",
      "10.0.0.0/33",
      "::1/129",
      "10.0.0.1/8/8",
      "true,10.0.0.1",
    ]) {
      expect(problemsOf({ TRUST_PROXY: value }), value).toEqual([
        "TRUST_PROXY must be true, false, a number of proxy hops, or comma-separated proxy addresses.",
      ]);
    }
  });

  it("starts every Redis key with REDIS_PREFIX, toolshop: by default, and refuses one that is not a plain name", () => {
    expect(loadConfig({}).redisPrefix).toBe("toolshop:");
    expect(loadConfig({ REDIS_PREFIX: "staging.toolshop:" }).redisPrefix).toBe("staging.toolshop:");
    for (const value of ["shop one:", "shop:\r\nFLUSHALL", "shop*:", "x".repeat(65)]) {
      expect(problemsOf({ REDIS_PREFIX: value }), value).toEqual([
        "REDIS_PREFIX must be 1 to 64 letters, digits or : . _ - characters.",
      ]);
    }
  });

  it("reads RATE_LIMIT_FACTOR as a whole number from 1 to 10000, 1 by default", () => {
    expect(loadConfig({}).rateLimitFactor).toBe(1);
    expect(loadConfig({ RATE_LIMIT_FACTOR: "100" }).rateLimitFactor).toBe(100);
    expect(loadConfig({ RATE_LIMIT_FACTOR: "10000" }).rateLimitFactor).toBe(10_000);
    for (const value of ["0", "10001", "1.5", "many", "-3"]) {
      expect(problemsOf({ RATE_LIMIT_FACTOR: value }), value).toEqual([
        "RATE_LIMIT_FACTOR must be a whole number between 1 and 10000.",
      ]);
    }
  });

  it("reads the tax in force: TAX_RATE a percent (0 by default), PRICES_INCLUDE_TAX true or false", () => {
    expect(loadConfig({}).tax).toEqual({ ratePercent: 0, pricesIncludeTax: false });
    expect(loadConfig({ TAX_RATE: "19", PRICES_INCLUDE_TAX: "true" }).tax).toEqual({
      ratePercent: 19,
      pricesIncludeTax: true,
    });
    expect(loadConfig({ TAX_RATE: "8.875" }).tax.ratePercent).toBe(8.875);
    expect(loadConfig({ TAX_RATE: "100" }).tax.ratePercent).toBe(100);
    for (const value of ["-5", "100.5", "19%", "8.8755", "1e2", "abc", " 7", "0x10", "1000"]) {
      expect(problemsOf({ TAX_RATE: value }), value).toEqual([
        "TAX_RATE must be a percent from 0 to 100 with at most three decimals, such as 19 or 8.875.",
      ]);
    }
    for (const value of ["yes", "1", "TRUE "]) {
      expect(problemsOf({ PRICES_INCLUDE_TAX: value }), value).toEqual([
        "PRICES_INCLUDE_TAX must be true or false.",
      ]);
    }
  });

  it("reads the seller's details for receipts and invoices, the address on several lines", () => {
    expect(loadConfig({})).toMatchObject({
      seller: { name: "Toolshop", addressLines: [], taxId: undefined },
      invoicePrefix: "INV",
    });
    const config = loadConfig({
      SELLER_NAME: " Toolshop Ltd ",
      SELLER_ADDRESS: "1 Forge Lane\\nSheffield S1 2AB\nUnited Kingdom\n",
      SELLER_TAX_ID: "GB123456789",
      INVOICE_PREFIX: "TSI",
    });
    expect(config.seller).toEqual({
      name: "Toolshop Ltd",
      addressLines: ["1 Forge Lane", "Sheffield S1 2AB", "United Kingdom"],
      taxId: "GB123456789",
    });
    expect(config.invoicePrefix).toBe("TSI");
    expect(problemsOf({ SELLER_NAME: "Shop\u0007", SELLER_TAX_ID: "x".repeat(51) })).toEqual([
      "SELLER_NAME must be one line of at most 200 printable characters.",
      "SELLER_TAX_ID must be one line of at most 50 printable characters.",
    ]);
    expect(problemsOf({ SELLER_ADDRESS: Array(7).fill("line").join("\n") })).toEqual([
      "SELLER_ADDRESS must be at most 6 lines of at most 200 printable characters.",
    ]);
    for (const value of ["INV-", "I NV", "../x", "INVOICE1234", "Ünv"]) {
      expect(problemsOf({ INVOICE_PREFIX: value }), value).toEqual([
        "INVOICE_PREFIX must be 1 to 10 letters or digits, such as INV.",
      ]);
    }
  });
});
