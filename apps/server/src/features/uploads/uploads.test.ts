import { readdir, utimes } from "node:fs/promises";
import { join } from "node:path";
import { orderLines, tools } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import {
  IMAGE_NOT_AN_IMAGE,
  IMAGE_REQUIRED,
  IMAGE_SVG_REFUSED,
  IMAGE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  uploadResponseSchema,
} from "@toolshop/shared/uploads";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addCustomer, addTool, insertOrders } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { pruneUnreferencedUploads, UPLOAD_GRACE_PERIOD_MS } from "./service";
import { localStore } from "./storage";
import { type MultipartFile, multipartBody, noisyPng, pngWithMetadata, SVG_WITH_SCRIPT } from "./test-images";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`uploads API ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    let png: Buffer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
      png = await pngWithMetadata();
    });
    afterAll(async () => {
      await t?.close();
    });

    const uploadsDir = () => join(t.dataDir, "uploads");
    const storedFiles = async () =>
      (await readdir(uploadsDir()).catch(() => [] as string[])).filter((name) => !name.startsWith("."));

    /** `null`: no token at all. */
    async function upload(files: MultipartFile[], who: SignedInCustomer | null = admin) {
      const body = await multipartBody(files);
      return t.app.inject({
        method: "POST",
        url: "/api/uploads",
        payload: body.payload,
        headers: { ...body.headers, ...who?.headers },
      });
    }
    const pngFile = (content = png): MultipartFile => ({ name: "pliers.png", type: "image/png", content });

    function expectRefused(
      response: { statusCode: number; json(): unknown },
      status: number,
      message: string,
    ) {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ statusCode: status, error: expect.any(String), message });
    }

    it("refuses an upload without a token (401) and from a customer (403)", async () => {
      expectRefused(await upload([pngFile()], null), 401, "Please sign in to continue.");
      expectRefused(await upload([pngFile()], customer), 403, "Only an admin can do this.");
      expect(await storedFiles()).toEqual([]);
    });

    it("stores a PNG as a WebP that fits inside 1200 px, without its metadata, under its content hash", async () => {
      expect((await sharp(png).metadata()).exif).toBeDefined();
      const response = await upload([pngFile()]);
      expect(response.statusCode, response.body).toBe(200);
      const { data } = uploadResponseSchema.parse(response.json());
      expect(data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);

      const served = await t.app.inject({ method: "GET", url: data.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const stored = await sharp(served.rawPayload).metadata();
      expect(stored).toMatchObject({ format: "webp", width: 1200, height: 800 });
      expect(stored.exif).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(served.rawPayload.includes("SecretCam")).toBe(false);

      // The same picture again is the same file.
      const again = uploadResponseSchema.parse((await upload([pngFile()])).json());
      expect(again.data.url).toBe(data.url);
      expect(await storedFiles()).toEqual([data.url.slice("/uploads/".length)]);
    });

    it("refuses a text file renamed .png", async () => {
      const text = {
        name: "notes.png",
        type: "image/png",
        content: Buffer.from("just some text, not a picture\n"),
      };
      expectRefused(await upload([text]), 400, IMAGE_NOT_AN_IMAGE);
    });

    it("refuses an SVG, here one with a script", async () => {
      expectRefused(
        await upload([{ name: "logo.svg", type: "image/svg+xml", content: SVG_WITH_SCRIPT }]),
        400,
        IMAGE_SVG_REFUSED,
      );
      // Renamed, it is still recognised for what it is.
      expectRefused(
        await upload([{ name: "logo.png", type: "image/png", content: SVG_WITH_SCRIPT }]),
        400,
        IMAGE_SVG_REFUSED,
      );
    });

    it("refuses a 6 MB image with 413, early when the size is declared and while reading otherwise", async () => {
      const big = await noisyPng(6 * 1024 * 1024);
      expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
      expectRefused(await upload([pngFile(big)]), 413, IMAGE_TOO_LARGE);
      // Just over the limit: the declared size is within the envelope allowance, the file is not.
      const justOver = await noisyPng(MAX_UPLOAD_BYTES + 2048);
      expect(justOver.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
      expectRefused(await upload([pngFile(justOver)]), 413, IMAGE_TOO_LARGE);
    });

    it("refuses an empty file field, a missing one and a body that is not multipart", async () => {
      const boundary = "----toolshop-test";
      const emptyField = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="image"; filename=""',
        "Content-Type: application/octet-stream",
        "",
        "",
        `--${boundary}--`,
        "",
      ].join("\r\n");
      const empty = await t.app.inject({
        method: "POST",
        url: "/api/uploads",
        payload: emptyField,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...admin.headers },
      });
      expectRefused(empty, 400, IMAGE_REQUIRED);
      expectRefused(await upload([{ ...pngFile(), field: "picture" }]), 400, IMAGE_REQUIRED);
      const json = await t.app.inject({
        method: "POST",
        url: "/api/uploads",
        payload: { image: "x" },
        headers: admin.headers,
      });
      expectRefused(json, 415, 'Send the image as multipart/form-data, in the field "image".');
    });

    it("prunes old uploads that no tool or order uses, and keeps the rest", async () => {
      const url = async (color: string) => {
        const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: color } })
          .png()
          .toBuffer();
        return uploadResponseSchema.parse((await upload([pngFile(picture)])).json()).data.url;
      };
      const used = await url("#ff0000");
      const orphan = await url("#00ff00");
      const fresh = await url("#0000ff");
      const tool = await addTool(t.database.db);
      await t.database.db.update(tools).set({ image: used }).where(eq(tools.id, tool.id));
      const old = new Date(Date.now() - UPLOAD_GRACE_PERIOD_MS - 60_000);
      for (const name of [used, orphan]) await utimes(join(t.dataDir, name), old, old);

      const removed = await pruneUnreferencedUploads(t.database.db, localStore(uploadsDir()));
      expect(removed).toEqual([orphan.slice("/uploads/".length)]);
      const left = await storedFiles();
      expect(left).toContain(used.slice("/uploads/".length));
      expect(left).toContain(fresh.slice("/uploads/".length));
      expect(left).not.toContain(orphan.slice("/uploads/".length));
      expect((await t.app.inject({ method: "GET", url: orphan })).statusCode).toBe(404);
    });

    it("keeps an upload that only a later line of an order shows", async () => {
      const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#123456" } })
        .png()
        .toBuffer();
      const lineImage = uploadResponseSchema.parse((await upload([pngFile(picture)])).json()).data.url;
      const customer = await addCustomer(t.database.db);
      const [order] = await insertOrders(t.database.db, {
        userId: customer.id,
        email: customer.email,
        name: "First tool",
        image: "/images/tools/pliers.svg",
        unitPriceCents: 100,
        quantity: 1,
        totalCents: 300,
        address: "1 Main St",
        phone: "555 0100",
      });
      if (!order) throw new Error("no order inserted");
      await t.database.db.insert(orderLines).values({
        orderId: order.id,
        position: 1,
        name: "Second tool",
        image: lineImage,
        unitPriceCents: 200,
        quantity: 1,
        totalCents: 200,
      });
      const old = new Date(Date.now() - UPLOAD_GRACE_PERIOD_MS - 60_000);
      await utimes(join(t.dataDir, lineImage), old, old);

      const removed = await pruneUnreferencedUploads(t.database.db, localStore(uploadsDir()));
      expect(removed).not.toContain(lineImage.slice("/uploads/".length));
      expect(await storedFiles()).toContain(lineImage.slice("/uploads/".length));
    });
  });
}
