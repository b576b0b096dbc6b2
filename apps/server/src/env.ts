// The one place that reads process.env (docs/architecture.md section 8). Every variable is optional for
// `npm start`; a bad value stops the server with one sentence per bad variable.
import { isIP } from "node:net";
import { resolve } from "node:path";
import { EMAIL_PATTERN } from "@toolshop/shared/auth";
import { MAX_TAX_RATE_PERCENT } from "@toolshop/shared/tax";
import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";
import type { MailAddress } from "./lib/mail-address";
import { parseSmtpUrl } from "./lib/smtp-url";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** A string that parses as a URL with one of these schemes. */
function urlWithScheme(schemes: string[], message: string) {
  return z.string().refine((value) => {
    try {
      return schemes.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, message);
}

/** A string read by `parse`, whose Error's message completes the variable's sentence. */
function parsedBy<T>(parse: (value: string) => T) {
  return z.string().transform((value, context) => {
    try {
      return parse(value);
    } catch (error) {
      context.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });
}

/** MAIL_FROM: "Toolshop <no-reply@shop.example>", "\"Tool, Shop\" <s@shop.example>" or an address alone. */
function parseMailbox(value: string): MailAddress {
  // A line break would end the From header early; addressparser would keep it in the name.
  const [mailbox, ...more] = /\p{Cc}/u.test(value) ? [] : addressparser(value);
  if (!mailbox?.address || more.length > 0 || !EMAIL_PATTERN.test(mailbox.address)) {
    throw new Error("must be an email address, or a name and one: Toolshop <no-reply@shop.example>.");
  }
  return mailbox.name ? { name: mailbox.name, address: mailbox.address } : { address: mailbox.address };
}

const TAX_RATE_MESSAGE = `must be a percent from 0 to ${MAX_TAX_RATE_PERCENT} with at most three decimals, such as 19 or 8.875.`;
const SELLER_NAME_MAX_LENGTH = 200;
const SELLER_TAX_ID_MAX_LENGTH = 50;
const SELLER_ADDRESS_MAX_LINES = 6;

/** Printable text on one line (no control character), trimmed, 1 to max characters. */
function isPrintable(value: string, max: number): boolean {
  return value.length > 0 && value.length <= max && !/\p{Cc}/u.test(value);
}

function oneLineText(max: number) {
  return z
    .string()
    .transform((value) => value.trim())
    .refine((value) => isPrintable(value, max), `must be one line of at most ${max} printable characters.`);
}

// Each message completes a sentence that starts with the variable's name.
const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], {
      message: "must be one of development, production or test.",
    })
    .default("development"),
  PORT: z.coerce
    .number({ message: "must be a port number." })
    .int("must be a whole port number.")
    .min(0, "must be between 0 and 65535.")
    .max(65535, "must be between 0 and 65535.")
    .default(3000),
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_URL: urlWithScheme(["http:", "https:"], "must be an http:// or https:// URL.").optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: urlWithScheme(
    ["postgres:", "postgresql:"],
    "must be a postgres:// or postgresql:// URL.",
  ).optional(),
  REDIS_URL: urlWithScheme(["redis:", "rediss:"], "must be a redis:// or rediss:// URL.").optional(),
  // Every key and the events channel start with it, so that two shops (staging beside production) can
  // share one Redis: a database number would not separate pub/sub channels.
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, "must be 1 to 64 letters, digits or : . _ - characters.")
    .default("toolshop:"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters long.").optional(),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (emails) => emails.every((email) => EMAIL_PATTERN.test(email)),
      "must be a comma-separated list of email addresses.",
    ),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  // An OpenID Connect issuer that stands in for the real provider (tests, a company IdP).
  GOOGLE_ISSUER_URL: urlWithScheme(["http:", "https:"], "must be an http:// or https:// URL.").optional(),
  GITHUB_ISSUER_URL: urlWithScheme(["http:", "https:"], "must be an http:// or https:// URL.").optional(),
  SMTP_URL: parsedBy(parseSmtpUrl).optional(),
  MAIL_FROM: parsedBy(parseMailbox).prefault("Toolshop <no-reply@toolshop.local>"),
  SALES_EMAIL: z.string().regex(EMAIL_PATTERN, "must be an email address.").optional(),
  PAYMENT_GATEWAY: z.enum(["test", "stripe"], { message: "must be test or stripe." }).default("test"),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_", "must start with sk_.").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_", "must start with pk_.").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must start with whsec_.").optional(),
  CURRENCY: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, "must be a three-letter currency code such as usd.")
    .default("usd")
    .transform((value) => value.toLowerCase()),
  // Sales tax (decision 0041): a percent with at most three decimals, on every order from now on.
  TAX_RATE: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,3})?$/, TAX_RATE_MESSAGE)
    .transform(Number)
    .refine((rate) => rate <= MAX_TAX_RATE_PERCENT, TAX_RATE_MESSAGE)
    .default(0),
  PRICES_INCLUDE_TAX: z
    .enum(["true", "false"], { message: "must be true or false." })
    .default("false")
    .transform((value) => value === "true"),
  // The seller on receipts and invoices. The address may span lines (a line break, or \n in a .env file).
  SELLER_NAME: oneLineText(SELLER_NAME_MAX_LENGTH).default("Toolshop"),
  SELLER_ADDRESS: z
    .string()
    .transform((value) =>
      value
        .split(/\r\n|\r|\n|\\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine(
      (lines) => lines.length <= SELLER_ADDRESS_MAX_LINES && lines.every((line) => isPrintable(line, 200)),
      `must be at most ${SELLER_ADDRESS_MAX_LINES} lines of at most 200 printable characters.`,
    )
    .optional(),
  SELLER_TAX_ID: oneLineText(SELLER_TAX_ID_MAX_LENGTH).optional(),
  // Starts every invoice and credit note number (INV-2026-000001): it shows in file names and mails.
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9]{1,10}$/, "must be 1 to 10 letters or digits, such as INV.")
    .default("INV"),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}.` }).default("info"),
  // auto: readable lines in a development terminal, JSON otherwise; npm run dev pipes the server's
  // output through its own terminal and says pretty.
  LOG_FORMAT: z
    .enum(["auto", "json", "pretty"], { message: "must be auto, json or pretty." })
    .default("auto"),
  // Uploaded images in an S3-compatible bucket instead of DATA_DIR/uploads (several processes share it).
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: urlWithScheme(["http:", "https:"], "must be an http:// or https:// URL.").optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Where browsers fetch uploaded images (a CDN in front of the bucket); /uploads/<name> redirects there.
  IMAGE_BASE_URL: urlWithScheme(["http:", "https:"], "must be an http:// or https:// URL.").optional(),
  // How long a request waits for a PostgreSQL connection (a new one, or a free one in a busy pool)
  // before it is answered 503: short, so that an outage or an overload is shed instead of queued.
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce
    .number({ message: "must be a number of seconds." })
    .min(1, "must be between 1 and 600.")
    .max(600, "must be between 1 and 600.")
    .default(5),
  // How long a stopping server keeps serving (readiness 503) before it closes its listener.
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ message: "must be a number of milliseconds." })
    .int("must be a whole number of milliseconds.")
    .min(0, "must be between 0 and 600000.")
    .max(600_000, "must be between 0 and 600000.")
    .optional(),
  // How long an unpaid order holds its stock before it is cancelled and the stock released.
  UNPAID_ORDER_HOLD_MINUTES: z.coerce
    .number({ message: "must be a number of minutes." })
    .int("must be a whole number of minutes.")
    .min(1, "must be between 1 and 10080.")
    .max(10_080, "must be between 1 and 10080.")
    .default(60),
  // off: this process sends jobs (mails) but runs none; `npm run worker` runs them (features/jobs).
  WORKER: z
    .enum(["on", "off"], { message: "must be on or off." })
    .default("on")
    .transform((value) => value === "on"),
  // How often an idle worker looks for due mails.
  JOB_POLL_SECONDS: z.coerce
    .number({ message: "must be a number of seconds." })
    .min(0.5, "must be between 0.5 and 60.")
    .max(60, "must be between 0.5 and 60.")
    .default(2),
  // Readiness answers 503 once the oldest due job has waited this long (no worker keeps up).
  JOB_STUCK_MINUTES: z.coerce
    .number({ message: "must be a number of minutes." })
    .int("must be a whole number of minutes.")
    .min(1, "must be between 1 and 1440.")
    .max(1440, "must be between 1 and 1440.")
    .default(10),
  // How many unpaid orders one customer may hold at once.
  MAX_UNPAID_ORDERS_PER_CUSTOMER: z.coerce
    .number({ message: "must be a number." })
    .int("must be a whole number.")
    .min(1, "must be between 1 and 100000.")
    .max(100_000, "must be between 1 and 100000.")
    .default(3),
  // Which proxies may name the client in X-Forwarded-For: "true" (the one in front), a number of
  // proxy hops, or the proxies' addresses/CIDRs. The client is the right-most address not trusted.
  TRUST_PROXY: z
    .string()
    .refine(isTrustProxySetting, {
      message: "must be true, false, a number of proxy hops, or comma-separated proxy addresses.",
    })
    .optional(),
  // Multiplies every rate limit (plugins/rate-limits.ts): for load tests and the browser tests, which
  // sign up dozens of accounts a minute from one address.
  RATE_LIMIT_FACTOR: z.coerce
    .number({ message: "must be a whole number between 1 and 10000." })
    .int("must be a whole number between 1 and 10000.")
    .min(1, "must be a whole number between 1 and 10000.")
    .max(10_000, "must be a whole number between 1 and 10000.")
    .default(1),
});

/** Rules that involve two variables; checked on the raw values so that they are reported together
 * with any other bad variable. */
function crossVariableProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
    problems.push("AUTH_SECRET is required when NODE_ENV is production.");
  }
  // The test gateway accepts test cards, so a production shop on it by default would mark real orders paid.
  if (env.NODE_ENV === "production" && env.PAYMENT_GATEWAY === undefined) {
    problems.push(
      "PAYMENT_GATEWAY must be set when NODE_ENV is production: stripe for real payments, or test to run the built-in test gateway on purpose.",
    );
  }
  for (const [id, secret] of [
    ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"],
  ] as const) {
    if (env[id] && !env[secret]) problems.push(`${secret} must be set together with ${id}.`);
    if (!env[id] && env[secret]) problems.push(`${id} must be set together with ${secret}.`);
  }
  for (const [issuer, id] of [
    ["GOOGLE_ISSUER_URL", "GOOGLE_CLIENT_ID"],
    ["GITHUB_ISSUER_URL", "GITHUB_CLIENT_ID"],
  ] as const) {
    if (env[issuer] && !env[id]) problems.push(`${issuer} needs ${id} and its secret.`);
  }
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) {
    problems.push("S3_SECRET_ACCESS_KEY must be set together with S3_ACCESS_KEY_ID.");
  }
  if (!env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    problems.push("S3_ACCESS_KEY_ID must be set together with S3_SECRET_ACCESS_KEY.");
  }
  if (env.S3_ENDPOINT && !env.S3_BUCKET) problems.push("S3_ENDPOINT needs S3_BUCKET.");
  // A CDN for images fetches them from the bucket; one in front of the shop needs no setting.
  if (env.IMAGE_BASE_URL && !env.S3_BUCKET) problems.push("IMAGE_BASE_URL needs S3_BUCKET.");
  if (env.PAYMENT_GATEWAY === "stripe") {
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY"]) {
      if (!env[key]) problems.push(`${key} is required when PAYMENT_GATEWAY is stripe.`);
    }
  }
  return problems;
}

type Env = z.output<typeof envSchema>;

function toConfig(env: Env) {
  const oauthClient = (id: string | undefined, secret: string | undefined, issuerUrl: string | undefined) =>
    id && secret
      ? { clientId: id, clientSecret: secret, issuerUrl: issuerUrl?.replace(/\/+$/, "") }
      : undefined;
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    /** Absolute: the database, uploads, mail outbox and generated dev secret live here. */
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    /** Unset outside production: server.ts then generates one, kept in the database or DATA_DIR (lib/dev-secret.ts). */
    authSecret: env.AUTH_SECRET,
    adminEmails: env.ADMIN_EMAILS,
    oauth: {
      google: oauthClient(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_ISSUER_URL),
      github: oauthClient(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET, env.GITHUB_ISSUER_URL),
    },
    mail: { smtp: env.SMTP_URL, from: env.MAIL_FROM, salesEmail: env.SALES_EMAIL },
    payments: {
      gateway: env.PAYMENT_GATEWAY,
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      },
    },
    currency: env.CURRENCY,
    /** The tax in force for orders placed now; each order keeps its own (decision 0041). */
    tax: { ratePercent: env.TAX_RATE, pricesIncludeTax: env.PRICES_INCLUDE_TAX },
    /** Who sells, on receipts and invoices: the address as lines, empty when unset. */
    seller: { name: env.SELLER_NAME, addressLines: env.SELLER_ADDRESS ?? [], taxId: env.SELLER_TAX_ID },
    invoicePrefix: env.INVOICE_PREFIX,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    /** Unset: uploads on the local disk (DATA_DIR/uploads). Without keys, the SDK's default credential chain. */
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    imageBaseUrl: env.IMAGE_BASE_URL?.replace(/\/+$/, ""),
    /** Production waits for the load balancer to notice readiness 503; elsewhere a stop is immediate. */
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === "production" ? 5_000 : 0),
    unpaidOrderHoldMinutes: env.UNPAID_ORDER_HOLD_MINUTES,
    maxUnpaidOrdersPerCustomer: env.MAX_UNPAID_ORDERS_PER_CUSTOMER,
    worker: env.WORKER,
    jobPollSeconds: env.JOB_POLL_SECONDS,
    jobStuckMinutes: env.JOB_STUCK_MINUTES,
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
  };
}

const PROXY_KEYWORDS = new Set(["loopback", "linklocal", "uniquelocal"]);

/** "true", "false", a hop count (1 to 99), or addresses, CIDR ranges and proxy-addr's range names. */
function isTrustProxySetting(value: string): boolean {
  if (/^(true|false|[1-9]\d?)$/.test(value)) return true;
  return value.split(",").every((entry) => {
    const [address = "", prefix, ...rest] = entry.trim().split("/");
    if (PROXY_KEYWORDS.has(address) && prefix === undefined) return true;
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
  });
}

/** Which addresses (the socket's is hop 0, then X-Forwarded-For from right to left) are proxies. */
export type TrustProxy = false | string | ((address: string, hop: number) => boolean);

/**
 * Fastify's trustProxy: off unless configured, so a client cannot forge its address. request.ip is then
 * the right-most address that is not a trusted proxy. `true` trusts one hop, not every address: Fastify's
 * own `true` takes the left-most X-Forwarded-For entry, which the client writes itself. A hop count is
 * a function because Fastify 5 trusts nothing when given a number.
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === "false") return false;
  const hops = value === "true" ? 1 : /^\d+$/.test(value) ? Number(value) : undefined;
  if (hops === undefined) return value;
  return (_address, hop) => hop < hops;
}

export type Config = ReturnType<typeof toConfig>;
/** The configuration the app runs with: the secret is always known by then. */
export type AppConfig = Config & { authSecret: string };

/** Thrown by loadConfig; its message is one sentence per bad variable, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty value (VAR= in a .env file) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`) ?? []),
    ...crossVariableProblems(present),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return toConfig(parsed.data);
}
