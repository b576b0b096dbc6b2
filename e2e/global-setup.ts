// Before the specs: the shared admin account, signed up, signed in and verified once (the link opened
// in the session that signed up) through the server's own API and mail outbox, as its owner would. ADMIN_EMAILS grants the role only to a proven address, so
// every spec that needs an admin just signs in.
import { type FullConfig, request } from "@playwright/test";
import { ADMIN, findLinkInOutbox } from "./accounts-fixtures";

export default async function createVerifiedAdmin(config: FullConfig) {
  const baseURL = String(config.projects[0]?.use.baseURL);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    const signUp = await api.post("/api/auth/sign-up/email", { data: ADMIN });
    if (!signUp.ok())
      throw new Error(`e2e: the admin's sign-up answered ${signUp.status()}: ${await signUp.text()}`);
    // Sign-up signs no one in; the link opened in another session would ask for a new password.
    const signIn = await api.post("/api/auth/sign-in/email", {
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    if (!signIn.ok())
      throw new Error(`e2e: the admin's sign-in answered ${signIn.status()}: ${await signIn.text()}`);
    const link = new URL(await waitForLink(ADMIN.email, "/api/auth/verify-email"));
    const verified = await api.get(link.pathname + link.search, { maxRedirects: 0 });
    if (verified.status() >= 400)
      throw new Error(`e2e: the admin's verification link answered ${verified.status()}`);
  } finally {
    await api.dispose();
  }
}

/** Mails leave just after the answer: wait for this one (up to 15 s). */
async function waitForLink(email: string, pagePath: string): Promise<string> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const link = findLinkInOutbox(email, pagePath);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`e2e: no mail to ${email} with a link to ${pagePath} in the outbox`);
}
