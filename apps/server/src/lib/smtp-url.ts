// SMTP_URL, read once at start-up (env.ts) into nodemailer's settings (plugins/mail.ts): smtp://
// (STARTTLS when the relay offers it; required when the URL has credentials) or smtps:// (TLS from the
// first byte), credentials in the URL's user part, a few options in its query. An option the shop does
// not know stops the server: handing `?proxy=...` on to nodemailer, or ignoring it, would both surprise.
import { isIP } from "node:net";
import { hostname } from "node:os";

export interface SmtpOptions {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://). */
  secure: boolean;
  auth?: { user: string; pass: string };
  /** Connections kept open at most; mails beyond them wait for one. */
  maxConnections: number;
  /** Mails waiting for a connection at most; one more is refused at once instead of held in memory. */
  maxWaiting: number;
  /** false (`?pool=false`): a connection per mail, closed after it. */
  keepOpen: boolean;
  localAddress?: string;
  /** false only for a relay with a self-signed certificate (`?tls.rejectUnauthorized=false`). */
  rejectUnauthorized: boolean;
  /**
   * Refuse to sign in or send unless the connection is encrypted (smtps://, or STARTTLS): on by default
   * when the URL has credentials, off only by an explicit `?requireTLS=false` (issue 47).
   */
  requireTLS: boolean;
  /** Never upgrade with STARTTLS, even when offered. */
  ignoreTLS: boolean;
  /** The name this client gives in EHLO. */
  clientName: string;
  /** How long a mail may take, from connecting to the relay's last reply, in milliseconds. */
  timeoutMs: number;
}

const BOOLEANS = new Set(["true", "false"]);

export const SMTP_URL_OPTIONS = [
  "maxConnections",
  "maxWaiting",
  "pool",
  "localAddress",
  "tls.rejectUnauthorized",
  "requireTLS",
  "ignoreTLS",
  "name",
  "timeout",
] as const;

/** Throws an Error whose message completes "SMTP_URL ..." for anything it cannot honour. */
export function parseSmtpUrl(value: string): SmtpOptions {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("must be an smtp:// or smtps:// URL.");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error("must be an smtp:// or smtps:// URL.");
  }
  if (!url.hostname) throw new Error("must name the SMTP server's host.");
  const secure = url.protocol === "smtps:";
  const query = url.searchParams;
  for (const key of query.keys()) {
    if (!(SMTP_URL_OPTIONS as readonly string[]).includes(key)) {
      throw new Error(
        `has an option this shop does not know: ${key} (known: ${SMTP_URL_OPTIONS.join(", ")}).`,
      );
    }
  }
  const flag = (key: string, fallback: boolean): boolean => {
    const raw = query.get(key);
    if (raw === null) return fallback;
    if (!BOOLEANS.has(raw)) throw new Error(`option ${key} must be true or false.`);
    return raw === "true";
  };
  const whole = (key: string, fallback: number, max: number): number => {
    const raw = query.get(key);
    if (raw === null) return fallback;
    const number = Number(raw);
    if (!/^\d+$/.test(raw) || number < 1 || number > max) {
      throw new Error(`option ${key} must be a whole number from 1 to ${max}.`);
    }
    return number;
  };
  const clientName = query.get("name") || hostname() || "localhost";
  // It goes into the EHLO command as it is: a host name's characters only.
  if (!/^[A-Za-z0-9.-]{1,253}$/.test(clientName)) throw new Error("option name must be a host name.");
  const localAddress = query.get("localAddress");
  if (localAddress !== null && isIP(localAddress) === 0) {
    throw new Error("option localAddress must be an IP address of this machine.");
  }
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  // Credentials (and the mails' one-time links) go in clear only when the operator wrote so.
  const requireTLS = flag("requireTLS", user !== "");
  const ignoreTLS = flag("ignoreTLS", false);
  if (requireTLS && ignoreTLS) {
    throw new Error(
      user && query.get("requireTLS") === null
        ? "has credentials and ignoreTLS=true, which would send the password and every mail in clear: add requireTLS=false to allow that, or remove ignoreTLS."
        : "cannot have both requireTLS=true and ignoreTLS=true.",
    );
  }
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass } } : {}),
    maxConnections: whole("maxConnections", 5, 100),
    maxWaiting: whole("maxWaiting", 10_000, 100_000),
    keepOpen: flag("pool", true),
    ...(localAddress ? { localAddress } : {}),
    rejectUnauthorized: flag("tls.rejectUnauthorized", true),
    requireTLS,
    ignoreTLS,
    clientName,
    timeoutMs: whole("timeout", 60_000, 600_000),
  };
}
