import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Tool, toolSchema, toolSearchPageSchema } from "@toolshop/shared/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { insertOrders } from "../../testing/fixtures";
import { postProduct, uploadPicture } from "../../testing/products";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`tools admin API ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    let image: string;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
      image = await uploadPicture(t, admin);
    });
    afterAll(async () => {
      await t?.close();
    });

    const product = (overrides: object = {}) => ({
      name: "Cable Cutter",
      short: "Cuts copper and aluminium cable up to 20 mm.",
      minQuantity: 10,
      availableQuantity: 500,
      price: 24.99,
      image,
      ...overrides,
    });

    const createProduct = (overrides: object = {}): Promise<Tool> =>
      postProduct(t, admin, product(overrides));

    async function catalogue(): Promise<Tool[]> {
      return toolSchema.array().parse((await t.app.inject({ method: "GET", url: "/api/tools" })).json());
    }

    it("refuses every tool write without a token (401) and from a customer (403)", async () => {
      const tool = await createProduct({ name: "Guarded" });
      const edit = { ...product(), previousAvailableQuantity: 500 };
      const writes = [
        ["POST", "/api/tools", product()],
        ["PATCH", `/api/tools/${tool._id}`, edit],
        ["DELETE", `/api/tools/${tool._id}`, undefined],
      ] as const;
      for (const [method, url, body] of writes) {
        const anonymous = await call(t.app, undefined, method, url, body);
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        expect(anonymous.json().message).toBe("Please sign in to continue.");
        const refused = await call(t.app, customer, method, url, body);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json().message).toBe("Only an admin can do this.");
      }
      expect((await catalogue()).filter((item) => item.name === "Guarded")).toEqual([tool]);
    });

    it("answers the add-product messages for every missing field", async () => {
      const response = await call(t.app, admin, "POST", "/api/tools", {});
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        [
          "Product Name is required",
          "Short description is required",
          "minQuantity: Minimum quantity is required",
          "availableQuantity: Available quantity is required",
          "Price is required",
          "image is required",
        ].join("; "),
      );
      const blank = await call(t.app, admin, "POST", "/api/tools", product({ name: "  ", short: "" }));
      expect(blank.json().message).toBe("Product Name is required; Short description is required");
    });

    it("checks the numbers: minimum at least 1, stock at least 0, a positive price in cents", async () => {
      const cases: [object, string][] = [
        [{ minQuantity: 0 }, "minQuantity: Minimum quantity must be at least 1"],
        [{ minQuantity: 2.5 }, "minQuantity: Minimum quantity must be a whole number"],
        [{ availableQuantity: -1 }, "availableQuantity: Available quantity must be at least 0"],
        [{ price: 0 }, "Price must be more than 0"],
        [{ price: -5 }, "Price must be more than 0"],
        [{ price: 12.345 }, "Price can have at most 2 decimals"],
        [{ price: "12" }, "Price is required"],
      ];
      for (const [overrides, message] of cases) {
        const response = await call(t.app, admin, "POST", "/api/tools", product(overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(response.json().message, JSON.stringify(overrides)).toBe(message);
      }
    });

    it("only accepts a picture uploaded to this shop whose file is there", async () => {
      const outside = await call(
        t.app,
        admin,
        "POST",
        "/api/tools",
        product({ image: "https://evil.example/x.png" }),
      );
      expect(outside.json()).toMatchObject({
        statusCode: 400,
        message: "The image must be a picture uploaded to this shop",
      });
      const missing = await call(
        t.app,
        admin,
        "POST",
        "/api/tools",
        product({ image: `/uploads/${"a".repeat(32)}.webp` }),
      );
      expect(missing.json()).toMatchObject({
        statusCode: 400,
        message:
          "The image must be a picture uploaded to this shop; this one was not found. Please upload it again.",
      });
    });

    it("adds a product that the (cached) catalogue then shows, with the price stored in cents", async () => {
      await catalogue(); // fills the cache
      const tool = await createProduct({ name: "  Crimping Tool ", price: 12.5 });
      expect(tool).toMatchObject({
        name: "Crimping Tool",
        price: 12.5,
        minQuantity: 10,
        availableQuantity: 500,
        image,
      });
      expect(await catalogue()).toContainEqual(tool);
      const one = await t.app.inject({ method: "GET", url: `/api/tools/${tool._id}` });
      expect(one.json()).toEqual(tool);
    });

    it("edits price, quantities, description and picture; refuses when orders changed the stock meanwhile", async () => {
      const tool = await createProduct({ name: "Editable" });
      await t.app.inject({ method: "GET", url: `/api/tools/${tool._id}` }); // cached
      const newImage = await uploadPicture(t, admin, "#10b981");
      const edit = {
        ...product({
          name: "Editable",
          short: "Now sharper.",
          price: 30,
          minQuantity: 5,
          availableQuantity: 800,
          image: newImage,
        }),
        previousAvailableQuantity: 500,
      };
      const response = await call(t.app, admin, "PATCH", `/api/tools/${tool._id}`, edit);
      expect(response.statusCode, response.body).toBe(200);
      const edited = {
        ...tool,
        short: "Now sharper.",
        price: 30,
        minQuantity: 5,
        availableQuantity: 800,
        image: newImage,
        // The new picture is the first of its gallery (decision 0057).
        images: [{ url: newImage, alt: "" }],
      };
      expect(response.json()).toEqual(edited);
      expect((await t.app.inject({ method: "GET", url: `/api/tools/${tool._id}` })).json()).toEqual(edited);
      expect(await catalogue()).toContainEqual(edited);

      const stale = await call(t.app, admin, "PATCH", `/api/tools/${tool._id}`, { ...edit, price: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(
        "The stock of Editable changed while you were editing: 800 units are available now. Please check the stock and save again.",
      );
      const unknown = await call(
        t.app,
        admin,
        "PATCH",
        "/api/tools/3f1e2d4c-5b6a-4789-8abc-def012345678",
        edit,
      );
      expect(unknown.statusCode).toBe(404);
    });

    it("keeps the owner's low-stock threshold (admins only), null for the default, refusing bad values", async () => {
      const tool = await createProduct({ name: "Thresholded", availableQuantity: 500 });
      const settings = (who: SignedInCustomer | undefined, id = tool._id) =>
        call(t.app, who, "GET", `/api/tools/${id}/stock-settings`);
      expect((await settings(admin)).json()).toEqual({ lowStockThreshold: null });
      const edit = (lowStockThreshold: unknown) =>
        call(t.app, admin, "PATCH", `/api/tools/${tool._id}`, {
          ...product({ name: "Thresholded" }),
          previousAvailableQuantity: 500,
          lowStockThreshold,
        });
      expect((await edit(40)).statusCode).toBe(200);
      expect((await settings(admin)).json()).toEqual({ lowStockThreshold: 40 });
      // The public tool does not show it; an edit without it keeps it.
      expect(
        (await t.app.inject({ method: "GET", url: `/api/tools/${tool._id}` })).json(),
      ).not.toHaveProperty("lowStockThreshold");
      expect((await edit(undefined)).statusCode).toBe(200);
      expect((await settings(admin)).json()).toEqual({ lowStockThreshold: 40 });
      for (const [bad, message] of [
        [-1, "at least 0"],
        [1.5, "whole number"],
        [1e12, "at most"],
        ["many", "must be a number"],
      ] as const) {
        const response = await edit(bad);
        expect(response.statusCode, String(bad)).toBe(400);
        expect(response.json().message).toContain(message);
      }
      expect((await edit(null)).statusCode).toBe(200);
      expect((await settings(admin)).json()).toEqual({ lowStockThreshold: null });
      expect((await settings(customer)).statusCode).toBe(403);
      expect((await settings(undefined)).statusCode).toBe(401);
      expect((await settings(admin, "3f1e2d4c-5b6a-4789-8abc-def012345678")).statusCode).toBe(404);
    });

    it("sets a tool's stock to 0, or below its minimum: the tool is then sold out", async () => {
      const tool = await createProduct({ name: "Emptied", minQuantity: 10, availableQuantity: 500 });
      const response = await call(t.app, admin, "PATCH", `/api/tools/${tool._id}`, {
        ...product({ name: "Emptied", minQuantity: 10, availableQuantity: 0 }),
        previousAvailableQuantity: 500,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await catalogue()).toContainEqual({ ...tool, availableQuantity: 0 });
      // Sold out: an order is refused with the tool's name, and the featured order shows it last.
      const order = await call(t.app, customer, "POST", "/api/orders", {
        toolId: tool._id,
        address: "1 Main St",
        phone: "+1 555-0100",
        quantity: 10,
      });
      expect(order.statusCode).toBe(409);
      expect(order.json().message).toBe("Not enough stock: Emptied is sold out.");
      const featured = toolSearchPageSchema.parse(
        (await t.app.inject({ method: "GET", url: "/api/tools/search?limit=100" })).json(),
      ).tools;
      const place = featured.findIndex((listed) => listed._id === tool._id);
      expect(place).toBeGreaterThanOrEqual(0);
      expect(featured.slice(place).every((listed) => listed.availableQuantity < listed.minQuantity)).toBe(
        true,
      );

      const below = await createProduct({ name: "Nearly", minQuantity: 10, availableQuantity: 5 });
      expect(await catalogue()).toContainEqual(below);
    });

    it("stores the category: mechanical when the spec's body has none, else the chosen one", async () => {
      const mechanical = {
        slug: "mechanical",
        name: "Mechanical",
        path: [{ slug: "mechanical", name: "Mechanical" }],
      };
      expect((await createProduct({ name: "No Category" })).category).toEqual(mechanical);
      const tool = await createProduct({ name: "Clamp Meter", category: "electrical" });
      expect(tool.category).toEqual({
        slug: "electrical",
        name: "Electrical",
        path: [{ slug: "electrical", name: "Electrical" }],
      });
      const edit = { ...product({ name: "Clamp Meter" }), previousAvailableQuantity: 500 };
      // An edit without a category keeps the tool's; with one it changes it.
      const kept = await call(t.app, admin, "PATCH", `/api/tools/${tool._id}`, edit);
      expect(kept.json()).toMatchObject({ category: { slug: "electrical" } });
      const moved = await call(t.app, admin, "PATCH", `/api/tools/${tool._id}`, {
        ...edit,
        category: "mechanical",
      });
      expect(moved.json()).toMatchObject({ category: mechanical });
      // The category as the answer shows it is read by its slug: an answer sent back as the edit works.
      const echoed = await call(t.app, admin, "PATCH", `/api/tools/${tool._id}`, {
        ...edit,
        category: tool.category,
      });
      expect(echoed.json()).toMatchObject({ category: { slug: "electrical" } });
      // A slug is read in lower case, so the old values' capitalised spellings name the same roots now.
      expect((await createProduct({ name: "Capital Meter", category: "Electrical" })).category.slug).toBe(
        "electrical",
      );
      const refusals: [unknown, string][] = [
        ["hydraulic", "There is no category with the slug hydraulic."],
        ["wire strippers", "The category must be the slug of a category, such as electrical"],
        [1, "The category must be the slug of a category, such as electrical"],
        ["", "Category is required"],
      ];
      for (const [category, message] of refusals) {
        const refused = await call(t.app, admin, "POST", "/api/tools", product({ category }));
        expect(refused.statusCode, String(category)).toBe(400);
        expect(refused.json().message).toBe(message);
      }
    });

    it("shows an added, edited or deleted tool in the search (cached first page included) at once", async () => {
      const search = async (query: string) =>
        toolSearchPageSchema.parse(
          (await t.app.inject({ method: "GET", url: `/api/tools/search?${query}` })).json(),
        );
      const ids = async (query: string) => (await search(query)).tools.map((tool) => tool._id);
      await search("sort=newest&category=electrical"); // cached
      const tool = await createProduct({ name: "Insulation Tester", category: "electrical" });
      expect((await ids("sort=newest&category=electrical"))[0]).toBe(tool._id);
      expect(await ids("q=insulation+tes")).toEqual([tool._id]);

      const edit = {
        ...product({ name: "Megohmmeter" }),
        category: "mechanical",
        previousAvailableQuantity: 500,
      };
      expect((await call(t.app, admin, "PATCH", `/api/tools/${tool._id}`, edit)).statusCode).toBe(200);
      expect(await ids("q=insulation")).toEqual([]);
      expect(await ids("q=megohm")).toEqual([tool._id]);
      expect(await ids("sort=newest&category=electrical")).not.toContain(tool._id);
      expect((await ids("sort=newest&category=mechanical"))[0]).toBe(tool._id);

      await call(t.app, admin, "DELETE", `/api/tools/${tool._id}`);
      expect(await ids("q=megohm")).toEqual([]);
      expect(await ids("sort=newest&category=mechanical")).not.toContain(tool._id);
    });

    it("deletes a tool nobody has paid for, and refuses (409) one with a paid order", async () => {
      const unsold = await createProduct({ name: "Unsold" });
      const sold = await createProduct({ name: "Sold" });
      await insertOrders(t.database.db, {
        userId: customer.id,
        email: customer.email,
        toolId: sold._id,
        name: sold.name,
        image: sold.image,
        unitPriceCents: 2499,
        quantity: 10,
        totalCents: 24990,
        address: "1 Main St",
        phone: "555",
        status: "paid",
        transactionId: "pi_test",
      });

      const refused = await call(t.app, admin, "DELETE", `/api/tools/${sold._id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "Sold cannot be deleted: customers have paid for it, and their orders must keep it on record.",
      );

      const deleted = await call(t.app, admin, "DELETE", `/api/tools/${unsold._id}`);
      expect(deleted.json()).toEqual({ deletedCount: 1 });
      const names = (await catalogue()).map((tool) => tool.name);
      expect(names).toContain("Sold");
      expect(names).not.toContain("Unsold");
      expect((await call(t.app, admin, "DELETE", `/api/tools/${unsold._id}`)).json()).toEqual({
        deletedCount: 0,
      });
    });
  });
}
