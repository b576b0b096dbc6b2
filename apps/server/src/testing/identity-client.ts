// A browser stand-in for API tests: it keeps the identity cookies between app.inject calls and sends
// the Origin header a page of the shop would send.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export const TEST_ORIGIN = "http://localhost:3000";

export class IdentityClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    /** The client's address, as Fastify sees it (rate limits count per IP). */
    private readonly remoteAddress = "127.0.0.1",
  ) {}

  get hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith("session_token"));
  }

  async request(
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    this.keepCookies(response);
    return response;
  }

  /**
   * Signs up as the web does: the sign-up (which signs no one in, so that it answers alike whether the
   * address has an account), then a sign-in with the new password. Answers the sign-up's response.
   */
  async signUp(body: { name: string; email: string; password: string }) {
    const response = await this.request("POST", "/api/auth/sign-up/email", body);
    if (response.statusCode === 200) await this.signIn(body.email.trim(), body.password);
    return response;
  }

  signIn(email: string, password: string) {
    return this.request("POST", "/api/auth/sign-in/email", { email, password });
  }

  /** Opens the verification link of the newest mail to `email` in the outbox, as its owner would. */
  async verifyEmail(dataDir: string, email: string): Promise<void> {
    const [mail = ""] = (await outboxMails(dataDir, email)).filter((text) => text.includes("/verify-email"));
    const link = new URL(linkIn(mail, "/api/auth/verify-email?token="));
    const response = await this.request("GET", link.pathname + link.search);
    if (response.statusCode >= 400) throw new Error(`The verification link answered ${response.statusCode}`);
  }

  /** PUT /api/user/:email with the session; answers the access token. */
  async accessToken(email: string): Promise<string> {
    const response = await this.request("PUT", `/api/user/${encodeURIComponent(email)}`);
    if (response.statusCode !== 200) {
      throw new Error(`PUT /api/user answered ${response.statusCode}: ${response.body}`);
    }
    return response.json().accessToken;
  }

  /** Stores the Set-Cookie headers of a response as a browser would (an expired cookie is removed). */
  keepCookies(response: { headers: Record<string, unknown> }): void {
    const header = response.headers["set-cookie"];
    const lines = Array.isArray(header) ? header : header ? [String(header)] : [];
    for (const line of lines as string[]) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The decoded text of a raw mail: its folded header lines unfolded (a long subject is one line again),
 * quoted-printable soft line breaks and escapes undone.
 */
export function decodeMail(raw: string): string {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const unfolded =
    headerEnd < 0 ? raw : raw.slice(0, headerEnd).replace(/\r?\n(?=[ \t])/g, "") + raw.slice(headerEnd);
  return unfolded
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for the outbox (DATA_DIR/mail) to hold `count` mails to `to`; answers their decoded text, oldest first. */
export async function outboxMails(dataDir: string, to: string, count = 1): Promise<string[]> {
  // Mails are sent just after the answer; on a busy machine that can take a while.
  for (let attempt = 0; attempt < 300; attempt++) {
    const mails = await readOutbox(dataDir, (name) => name.includes(to) && name.endsWith(".eml"));
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No ${count} mail(s) to ${to} in ${join(dataDir, "mail")}.`);
}

/** Waits for the outbox to hold a mail to `to` whose subject starts with `subject`; answers its decoded text. */
export async function outboxMailTo(dataDir: string, to: string, subject: string): Promise<string> {
  // Domain events mail after the answer; on a busy machine that can take a while.
  for (let attempt = 0; attempt < 300; attempt++) {
    const mails = await allOutboxMails(dataDir);
    const found = mails.find((mail) => mail.includes(`To: ${to}`) && mail.includes(`Subject: ${subject}`));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail "${subject}" to ${to} in ${join(dataDir, "mail")}.`);
}

/** Every mail in the outbox now, decoded, oldest first (no waiting: wrap it in vi.waitFor). */
export function allOutboxMails(dataDir: string): Promise<string[]> {
  return readOutbox(dataDir, (name) => name.endsWith(".eml"));
}

async function readOutbox(dataDir: string, wanted: (fileName: string) => boolean): Promise<string[]> {
  const directory = join(dataDir, "mail");
  const names = (await readdir(directory).catch(() => [] as string[])).filter(wanted).sort();
  return Promise.all(names.map(async (name) => decodeMail(await readFile(join(directory, name), "utf8"))));
}

/** The first link in a decoded mail that contains `part`. */
export function linkIn(mail: string, part: string): string {
  const link = mail.match(/https?:\/\/[^\s"<>]+/g)?.find((candidate) => candidate.includes(part));
  if (!link) throw new Error(`No link with ${part} in the mail:\n${mail}`);
  return link;
}
