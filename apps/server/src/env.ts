// The one place that reads process.env (DESIGN.md section 8). Every variable is optional for
// `npm start`; a bad value stops the server with one sentence per bad variable.
import { resolve } from "node:path";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  SMTP_URL: urlWithScheme(["smtp:", "smtps:"], "must be an smtp:// or smtps:// URL.").optional(),
  MAIL_FROM: z.string().default("Toolshop <no-reply@toolshop.local>"),
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
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}.` }).default("info"),
  // Which proxies may name the client in X-Forwarded-For: "true" (any) or their addresses/CIDRs.
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*)$/, {
      message: "must be true, false, or comma-separated proxy addresses.",
    })
    .optional(),
});

/** Rules that involve two variables; checked on the raw values so that they are reported together
 * with any other bad variable. */
function crossVariableProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
    problems.push("AUTH_SECRET is required when NODE_ENV is production.");
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
    /** Unset outside production: server.ts then uses a secret generated once in DATA_DIR. */
    authSecret: env.AUTH_SECRET,
    adminEmails: env.ADMIN_EMAILS,
    oauth: {
      google: oauthClient(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_ISSUER_URL),
      github: oauthClient(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET, env.GITHUB_ISSUER_URL),
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, salesEmail: env.SALES_EMAIL },
    payments: {
      gateway: env.PAYMENT_GATEWAY,
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      },
    },
    currency: env.CURRENCY,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

/** Fastify's trustProxy: off unless configured, so a client cannot forge its address. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === "false") return false;
  return value === "true" ? true : value;
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
