import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Cookie, expect, type Page } from "@playwright/test";
import { PASSWORD_RULE } from "@toolshop/shared/auth";

// Helpers for the accounts specs: fresh accounts, signing in and out as a person does, and the
// mail outbox of the server under test.

/** A password that follows the sign-up rule (8+ letters and digits, with both). */
export const GOOD_PASSWORD = "toolshop2024";

let accountCount = 0;

/** An address no other test (or earlier run against the same server) has used. */
export function uniqueEmail(label: string): string {
  accountCount += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${accountCount}`;
  return `${label}-${stamp}@example.com`;
}

export function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

export function accessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("accessToken"));
}

/**
 * A link of the navigation bar, also while a phone's screen hides the bar's list. The phone menu (a
 * popover, in the page whether open or not) repeats the links after it: the bar's list is the first.
 */
function navLink(page: Page, name: string) {
  return mainNav(page)
    .getByRole("list", { includeHidden: true })
    .first()
    .getByRole("link", { name, exact: true, includeHidden: true });
}

/** Signed in as the navigation bar shows it: Dashboard instead of Login, and a token stored. */
export async function expectSignedIn(page: Page) {
  await expect(navLink(page, "Dashboard")).toHaveCount(1);
  await expect(navLink(page, "Login")).toHaveCount(0);
  await expect.poll(() => accessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
}

export async function expectSignedOut(page: Page) {
  await expect(navLink(page, "Login")).toHaveCount(1);
  await expect(navLink(page, "Dashboard")).toHaveCount(0);
  expect(await accessToken(page)).toBeNull();
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(label: string): Account {
  return { name: `Test ${label}`, email: uniqueEmail(label), password: GOOD_PASSWORD };
}

/** Fills and submits the sign-up form; a valid account ends signed in. */
export async function fillSignUp(page: Page, account: Partial<Account>) {
  await page.goto("/signup");
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Name" }).fill(account.name ?? "");
  await main.getByRole("textbox", { name: "Email" }).fill(account.email ?? "");
  await main.getByLabel("Password", { exact: true }).fill(account.password ?? "");
  await main.getByRole("button", { name: "Sign Up" }).click();
}

export async function signUp(page: Page, account: Account) {
  await fillSignUp(page, account);
  await expectSignedIn(page);
}

/**
 * The launcher lists this address in ADMIN_EMAILS, and e2e/global-setup.ts signs it up and opens its
 * verification link before the specs run; every spec that needs an admin shares it.
 */
export const ADMIN: Account = {
  name: "E2E Admin",
  email: process.env.E2E_ADMIN_EMAIL ?? "e2e.admin@example.com",
  password: "admin2024e2e",
};

// The admin's session cookies, kept per worker: the specs share one admin, and signing in for every
// test would run into the per-account sign-in limit.
let adminCookies: Cookie[] | undefined;

/** Signs in as the (verified) admin, reusing this worker's session while it lasts. */
export async function signInAsAdmin(page: Page) {
  if (adminCookies && (await resumeSession(page, adminCookies))) return;
  await logIn(page, ADMIN);
  adminCookies = await page.context().cookies();
}

/** Opens the shop with a saved session; false when that session has ended (signed out elsewhere). */
async function resumeSession(page: Page, cookies: Cookie[]): Promise<boolean> {
  await page.context().addCookies(cookies);
  await page.goto("/");
  const settled = navLink(page, "Dashboard").or(navLink(page, "Login"));
  await expect(settled).toHaveCount(1, { timeout: 20_000 });
  if ((await navLink(page, "Dashboard").count()) === 0) {
    await page.context().clearCookies();
    return false;
  }
  await expectSignedIn(page);
  return true;
}

/** Fills and submits the login form (on /login, or wherever a guard sent the user). */
export async function fillLogin(page: Page, email: string, password: string) {
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email" }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Login", exact: true }).click();
}

export async function logIn(page: Page, account: Account) {
  await page.goto("/login");
  await fillLogin(page, account.email, account.password);
  await expectSignedIn(page);
}

/** Signs out through the avatar dropdown. */
export async function signOut(page: Page) {
  const signOutButton = page.getByRole("menuitem", { name: "Sign out" });
  // The menu closes when it loses focus, and the app moves focus to a new page's heading once the page
  // has rendered: a menu opened just before that closes again (CI's trace: the heading focused, the
  // click waiting 90 s for an entry that was gone). Opening and clicking are retried together. A click
  // can also time out after it signed out, waiting for the navigation it began (a busy CI machine): the
  // next try then finds the token gone and the Login link shown, and stops.
  await expect(async () => {
    if ((await accessToken(page)) === null && (await navLink(page, "Login").count()) > 0) return;
    if (!(await signOutButton.isVisible())) await page.getByRole("button", { name: "Account menu" }).click();
    await signOutButton.click({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expectSignedOut(page);
}

/** A toast (react-toastify renders each as an alert). */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole("alert").filter({ hasText: text });
}

/** Whether the identity service still has a session for this browser. */
export function hasIdentitySession(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const response = await fetch("/api/auth/get-session", { headers: { Accept: "application/json" } });
    const body: unknown = await response.json();
    return Boolean(body && typeof body === "object" && "user" in body);
  });
}

/** The server's DATA_DIR, whose mail/ folder is the outbox (set by the e2e launcher). */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error("E2E_DATA_DIR is not set: the e2e launcher exposes the server's DATA_DIR there");
  return path.join(dataDir, "mail");
}

/** A quoted-printable mail body as plain text (links are often broken over lines). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The link to `pagePath` in the newest mail to `email` in the outbox now, if there is one. */
export function findLinkInOutbox(
  email: string,
  pagePath: string,
  outbox: string = outboxDir(),
): string | undefined {
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith(".eml"));
  } catch {
    return undefined;
  }
  const pattern = new RegExp(`https?://[^\\s"<>]+${pagePath.replace(/[/]/g, "\\/")}[^\\s"<>]*`);
  for (const file of files.sort().reverse()) {
    const mail = decodeQuotedPrintable(readFileSync(path.join(outbox, file), "utf8"));
    if (!new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "mi").test(mail)) continue;
    const link = mail.match(pattern)?.[0].replace(/&amp;/g, "&");
    if (link) return link;
  }
  return undefined;
}

/** The link to `pagePath` in the newest mail to `email`, waiting for the mail to arrive. */
export async function linkFromMail(email: string, pagePath: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = findLinkInOutbox(email, pagePath);
        return link;
      },
      { message: `a mail to ${email} with a link to ${pagePath}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

/** The newest mail to `email` holding `text` (decoded), waiting for it to arrive. */
export async function mailContaining(email: string, text: string): Promise<string> {
  const find = (): string | undefined => {
    let files: string[] = [];
    try {
      files = readdirSync(outboxDir()).filter((file) => file.endsWith(".eml"));
    } catch {
      return undefined;
    }
    const to = new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "mi");
    for (const file of files.sort().reverse()) {
      const mail = decodeQuotedPrintable(readFileSync(path.join(outboxDir(), file), "utf8"));
      if (to.test(mail) && mail.includes(text)) return mail;
    }
    return undefined;
  };
  let mail: string | undefined;
  await expect
    .poll(
      () => {
        mail = find();
        return mail !== undefined;
      },
      { message: `a mail to ${email} with ${text}`, timeout: 15_000 },
    )
    .toBe(true);
  return mail as string;
}

/** A new password field's description: its message (when there is one), then the rule it always says. */
export const passwordDescription = (message: string) => `${message} ${PASSWORD_RULE}`;
