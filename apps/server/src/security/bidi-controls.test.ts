// Bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C) make text show other
// than it reads: "\u202Egnp.exe" shows as "exe.png", and a name or an address in an admin's list, a mail
// or an invoice passes for another. Every route that stores or searches a line of text a person typed
// refuses them with a sentence, through the shared one-line and multi-line rules; right-to-left text
// itself is welcome.
import { bidiControlMessage } from "@toolshop/shared/text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../testing/api-client";
import { addTool } from "../testing/fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

describe("direction controls in what people type (PGlite)", () => {
  let t: TestApp;
  let admin: SignedInCustomer;
  let customer: SignedInCustomer;
  let toolId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" });
    admin = await signedInCustomer(t, { role: "admin" });
    customer = await signedInCustomer(t);
    toolId = (await addTool(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses them in names, addresses, companies, tool names and comments with a sentence", async () => {
    const requests: [SignedInCustomer | undefined, "PUT" | "POST", string, object, string][] = [
      [customer, "PUT", "/api/profile", { displayName: "\u202Egnp.exe" }, "Name"],
      [customer, "PUT", "/api/profile", { address: "1 Main\u2067 St" }, "Address"],
      [customer, "PUT", "/api/profile", { phoneNumber: "555\u200E0100" }, "Phone number"],
      [
        customer,
        "POST",
        "/api/orders",
        { toolId, address: "1 Main St\u202D", phone: "5550100", quantity: 2 },
        "The address",
      ],
      [
        undefined,
        "POST",
        "/api/quotes",
        { name: "Ann", email: "ann@example.com", company: "Ac\u202Eme", message: "Ten pliers?" },
        "Company",
      ],
      [
        undefined,
        "POST",
        "/api/quotes",
        { name: "Ann\u061C", email: "ann@example.com", message: "Ten pliers?" },
        "Name",
      ],
      [
        undefined,
        "POST",
        "/api/quotes",
        { name: "Ann", email: "ann@example.com", message: "Ten\npliers?\u2066" },
        "The message",
      ],
      [customer, "POST", "/api/review", { review: "5", comment: "Good\n\u202Epliers" }, "The comment"],
      [
        admin,
        "POST",
        "/api/tools",
        {
          name: "Pli\u202Eers",
          short: "Pliers.",
          image: "/images/tools/pliers.svg",
          minQuantity: 2,
          availableQuantity: 100,
          price: 12.5,
        },
        "The Product Name",
      ],
    ];
    for (const [who, method, url, payload, label] of requests) {
      const response = await call(t.app, who, method, url, payload);
      const what = `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`;
      expect(response.statusCode, what).toBe(400);
      expect(response.json().message, what).toContain(bidiControlMessage(label));
    }
    const search = await call(
      t.app,
      undefined,
      "GET",
      `/api/tools/search?q=${encodeURIComponent("pli\u202Eers")}`,
    );
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toContain(bidiControlMessage("The search"));
  });

  it("keeps right-to-left names and addresses as they were typed", async () => {
    const name = "\u05D3\u05D5\u05D3 \u05DB\u05D4\u05DF";
    const address = "\u0634\u0627\u0631\u0639 \u0627\u0644\u0646\u064A\u0644 12";
    const saved = await call(t.app, customer, "PUT", "/api/profile", { displayName: name, address });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ displayName: name, address });
  });
});
