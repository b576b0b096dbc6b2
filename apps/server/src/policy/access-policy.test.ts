import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "@toolshop/db/client";
import { users } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCustomer } from "../testing/fixtures";
import { isAdmin, mayActFor } from "./access-policy";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the access policy ${target.title}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await createTestDatabase(target.options);
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("knows an admin by the role stored now, not by what it was", async () => {
      const admin = await addCustomer(handle.db, { role: "admin" });
      const customer = await addCustomer(handle.db);
      expect(await isAdmin(handle.db, admin.id)).toBe(true);
      expect(await isAdmin(handle.db, customer.id)).toBe(false);
      expect(await isAdmin(handle.db, randomUUID())).toBe(false);

      await handle.db.update(users).set({ role: "user" }).where(eq(users.id, admin.id));
      expect(await isAdmin(handle.db, admin.id)).toBe(false);
    });

    it("lets customers act for themselves, and for others only admins where admins may", async () => {
      const owner = await addCustomer(handle.db);
      const stranger = await addCustomer(handle.db);
      const admin = await addCustomer(handle.db, { role: "admin" });
      expect(await mayActFor(handle.db, owner, owner.id, { adminToo: false })).toBe(true);
      expect(await mayActFor(handle.db, stranger, owner.id, { adminToo: true })).toBe(false);
      expect(await mayActFor(handle.db, admin, owner.id, { adminToo: true })).toBe(true);
      expect(await mayActFor(handle.db, admin, owner.id, { adminToo: false })).toBe(false);
    });
  });
}
