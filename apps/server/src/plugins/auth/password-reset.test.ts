// Password reset end to end at the API: request, the link from the outbox, the new password.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, linkIn, outboxMails, uniqueEmail } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

const OLD_PASSWORD = "oldpass2024";
const NEW_PASSWORD = "newpass2025";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`password reset ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options);
    });
    afterAll(async () => {
      await t?.close();
    });

    const requestReset = (email: string) =>
      new IdentityClient(t.app).request("POST", "/api/auth/request-password-reset", {
        email,
        redirectTo: "/reset-password",
      });

    async function resetToken(email: string): Promise<string> {
      // The sign-up's verification mail and the reset mail.
      const mails = await outboxMails(t.dataDir, email, 2);
      const resetMail = mails.find((mail) => mail.includes("Subject: Reset your Toolshop password")) ?? "";
      const link = new URL(linkIn(resetMail, "/reset-password?token="));
      expect(link.origin + link.pathname).toBe("http://localhost:3000/reset-password");
      return link.searchParams.get("token") ?? "";
    }

    it("mails a link to the reset page whose token sets a new password", async () => {
      const email = uniqueEmail("forgetful");
      await new IdentityClient(t.app).signUp({ name: "Forgetful", email, password: OLD_PASSWORD });

      const request = await requestReset(email);
      expect(request.statusCode).toBe(200);
      const token = await resetToken(email);

      const reset = await new IdentityClient(t.app).request("POST", "/api/auth/reset-password", {
        newPassword: NEW_PASSWORD,
        token,
      });
      expect(reset.statusCode, reset.body).toBe(200);

      expect((await new IdentityClient(t.app).signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await new IdentityClient(t.app).signIn(email, OLD_PASSWORD)).statusCode).toBe(401);

      // A link works once.
      const again = await new IdentityClient(t.app).request("POST", "/api/auth/reset-password", {
        newPassword: "thirdpass2026",
        token,
      });
      expect(again.statusCode).toBe(400);
    });

    it("answers an unknown address exactly like a known one, and sends nothing", async () => {
      const known = uniqueEmail("known");
      await new IdentityClient(t.app).signUp({ name: "Known", email: known, password: OLD_PASSWORD });
      const unknown = uniqueEmail("unknown");

      const unknownAnswer = await requestReset(unknown);
      const knownAnswer = await requestReset(known);
      expect(unknownAnswer.statusCode).toBe(200);
      expect(unknownAnswer.statusCode).toBe(knownAnswer.statusCode);
      expect(unknownAnswer.body).toBe(knownAnswer.body);

      // Mails leave in the order they were asked for: once the known address has its reset mail,
      // a mail to the unknown one would be there too.
      await resetToken(known);
      expect((await readdir(join(t.dataDir, "mail"))).filter((name) => name.includes(unknown))).toEqual([]);
    });

    it("holds the new password to the sign-up rule", async () => {
      const email = uniqueEmail("weak");
      await new IdentityClient(t.app).signUp({ name: "Weak", email, password: OLD_PASSWORD });
      await requestReset(email);
      const token = await resetToken(email);

      for (const [newPassword, message] of [
        ["", "password is required"],
        ["short1", "1 capital letter 1number"],
        ["onlyletters", "1 capital letter 1number"],
      ] as const) {
        const response = await new IdentityClient(t.app).request("POST", "/api/auth/reset-password", {
          newPassword,
          token,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ statusCode: 400, error: "Bad Request", message });
      }
      // The refused attempts did not use up the link.
      const reset = await new IdentityClient(t.app).request("POST", "/api/auth/reset-password", {
        newPassword: NEW_PASSWORD,
        token,
      });
      expect(reset.statusCode).toBe(200);
    });
  });
}
