// GET and PUT /api/profile: the signed-in user's own profile, validated, and the name shared with the identity.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { TAX_ID_MESSAGE } from "@toolshop/shared/profile";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityClient, uniqueEmail } from "../../testing/identity-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`profile API ${target.title}`, () => {
    let t: TestApp;
    let client: IdentityClient;
    let email: string;
    let headers: { authorization: string };
    beforeAll(async () => {
      t = await createTestApp(target.options);
      email = uniqueEmail("profile");
      client = new IdentityClient(t.app);
      await client.signUp({ name: "Sign-up Name", email, password: "hammer2024" });
      headers = { authorization: `Bearer ${await client.accessToken(email)}` };
    });
    afterAll(async () => {
      await t?.close();
    });

    const getProfile = () => t.app.inject({ method: "GET", url: "/api/profile", headers });
    const putProfile = (payload: object) =>
      t.app.inject({ method: "PUT", url: "/api/profile", headers, payload });

    it("refuses both calls without a token", async () => {
      expect((await t.app.inject({ method: "GET", url: "/api/profile" })).statusCode).toBe(401);
      const put = await t.app.inject({ method: "PUT", url: "/api/profile", payload: { address: "x" } });
      expect(put.statusCode).toBe(401);
    });

    it("starts with the sign-up name and empty fields", async () => {
      const response = await getProfile();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        email,
        displayName: "Sign-up Name",
        address: "",
        education: "",
        phoneNumber: "",
        location: "",
        linkedin: "",
        company: "",
        taxId: "",
      });
    });

    it("saves every field and answers them again on the next GET; the name becomes the identity's", async () => {
      const saved = {
        displayName: "Ada Lovelace",
        address: "12 Foundry Road, Springfield",
        education: "BSc Mechanical Engineering",
        phoneNumber: "+1 555-0100",
        location: "Springfield",
        linkedin: "https://www.linkedin.com/in/ada",
        company: "Buyer Electrical Ltd",
        taxId: "GB 123 4567 89",
      };
      const put = await putProfile({ ...saved, email: "someone.else@example.com", role: "admin" });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({ email, ...saved });
      expect((await getProfile()).json()).toEqual({ email, ...saved });

      const session = await client.request("GET", "/api/auth/get-session");
      expect(session.json().user.name).toBe("Ada Lovelace");
      const status = await t.app.inject({ method: "GET", url: `/api/admin/${email}`, headers });
      expect(status.json()).toEqual({ admin: false });
    });

    it("clears a field sent empty, keeps fields not sent, and keeps the identity's name for an empty one", async () => {
      const put = await putProfile({ education: "", displayName: "" });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        education: "",
        displayName: "",
        address: "12 Foundry Road, Springfield",
      });
      const session = await client.request("GET", "/api/auth/get-session");
      expect(session.json().user.name).toBe("Ada Lovelace");
    });

    it("refuses a LinkedIn that is not a web address, letters in the phone and over-long fields", async () => {
      const cases: [object, string][] = [
        [{ linkedin: "not a url" }, "LinkedIn must be a web address (https://…)"],
        [{ linkedin: "javascript:alert(1)" }, "LinkedIn must be a web address (https://…)"],
        [{ phoneNumber: "555-CALL-NOW" }, "Phone number must contain digits only"],
        [{ displayName: "n".repeat(101) }, "Name must be at most 100 characters"],
        [{ address: "a".repeat(501) }, "Address must be at most 500 characters"],
      ];
      for (const [payload, message] of cases) {
        const response = await putProfile(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toContain(message);
      }
      expect((await getProfile()).json().linkedin).toBe("https://www.linkedin.com/in/ada");
    });

    it("refuses a hostile or over-long company and VAT number and keeps the saved ones", async () => {
      const cases: [object, string][] = [
        [{ company: "c".repeat(201) }, "Company must be at most 200 characters"],
        [{ company: "Buyer\nElectrical" }, "Company must be a single line without line breaks"],
        [{ company: "Buyer \u202EdtL" }, "Company must not contain invisible characters"],
        [{ taxId: "9".repeat(31) }, "VAT number must be at most 30 characters"],
        [{ taxId: "<script>alert(1)</script>" }, TAX_ID_MESSAGE],
        [{ taxId: "=HYPERLINK(1)" }, TAX_ID_MESSAGE],
        [{ taxId: "GB 123\u0000" }, "VAT number must be a single line"],
      ];
      for (const [payload, message] of cases) {
        const response = await putProfile(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toContain(message);
      }
      expect((await getProfile()).json()).toMatchObject({
        company: "Buyer Electrical Ltd",
        taxId: "GB 123 4567 89",
      });
      const cleared = await putProfile({ company: "  ", taxId: "" });
      expect(cleared.json()).toMatchObject({ company: "", taxId: "" });
    });
  });
}
