// Uploads in an S3-compatible bucket (S3_BUCKET), against a real S3-protocol server started here
// (s3rver, on a free port, files in a temporary folder): two app instances, as two processes behind a
// load balancer, each with its own DATA_DIR, share the bucket and so see each other's uploads.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tools } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { uploadResponseSchema } from "@toolshop/shared/uploads";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { pruneUnreferencedUploads } from "./service";
import { s3Store } from "./storage";
import { multipartBody } from "./test-images";

const BUCKET = "toolshop-images";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`uploads in an S3 bucket (s3rver) ${target.title}`, () => {
    let s3Dir: string;
    let s3: S3rver;
    let env: Record<string, string>;
    let one: TestApp;
    let other: TestApp;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      s3Dir = await mkdtemp(join(tmpdir(), "toolshop-s3rver-"));
      s3 = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: BUCKET }],
      });
      const { port } = await s3.run();
      env = {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        // s3rver's fixed credentials.
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      };
      [one, other] = await Promise.all([
        createTestApp(target.options, { env }),
        createTestApp(target.options, { env }),
      ]);
      admin = await signedInCustomer(one, { role: "admin" });
    });
    afterAll(async () => {
      await one?.close();
      await other?.close();
      await s3?.close();
      await rm(s3Dir, { recursive: true, force: true });
    });

    async function upload(color: string): Promise<string> {
      const picture = await sharp({ create: { width: 60, height: 40, channels: 3, background: color } })
        .png()
        .toBuffer();
      const body = await multipartBody([{ name: "tool.png", type: "image/png", content: picture }]);
      const response = await one.app.inject({
        method: "POST",
        url: "/api/uploads",
        payload: body.payload,
        headers: { ...body.headers, ...admin.headers },
      });
      expect(response.statusCode, response.body).toBe(200);
      return uploadResponseSchema.parse(response.json()).data.url;
    }

    it("stores an upload in the bucket, not on the local disk, and the other instance serves it", async () => {
      const url = await upload("#123456");
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
      const name = url.slice("/uploads/".length);
      expect(await readdir(join(one.dataDir, "uploads")).catch(() => [])).toEqual([]);
      expect(await (await s3Store(one.app.config.s3 ?? fail())).exists(name)).toBe(true);

      for (const instance of [one, other]) {
        const served = await instance.app.inject({ method: "GET", url });
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe("image/webp");
        expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "webp", width: 60 });
      }
      const missing = await other.app.inject({ method: "GET", url: `/uploads/${"0".repeat(32)}.webp` });
      expect(missing.statusCode).toBe(404);
      expect((await other.app.inject({ method: "GET", url: "/uploads/notes.txt" })).statusCode).toBe(404);
    });

    it("lets the other instance save a product with an image uploaded through the first", async () => {
      const url = await upload("#654321");
      const otherAdmin = await signedInCustomer(other, { role: "admin" });
      const response = await other.app.inject({
        method: "POST",
        url: "/api/tools",
        headers: otherAdmin.headers,
        payload: {
          name: "Bucket Pliers",
          short: "Pliers whose picture lives in a bucket.",
          image: url,
          price: 12.5,
          minQuantity: 1,
          availableQuantity: 10,
        },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
    });

    it("prunes old unused images from the bucket and keeps the used ones", async () => {
      const used = await upload("#aa0000");
      const orphan = await upload("#00aa00");
      const tool = await addTool(one.database.db);
      await one.database.db.update(tools).set({ image: used }).where(eq(tools.id, tool.id));
      const store = await s3Store(one.app.config.s3 ?? fail());
      try {
        // "Later than the grace period" without waiting: now is moved forward instead.
        const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
        const removed = await pruneUnreferencedUploads(one.database.db, store, { now: later });
        const orphanName = orphan.slice("/uploads/".length);
        expect(removed).toContain(orphanName);
        expect(removed).not.toContain(used.slice("/uploads/".length));
        expect(await store.exists(orphanName)).toBe(false);
        expect((await other.app.inject({ method: "GET", url: orphan })).statusCode).toBe(404);
        expect((await other.app.inject({ method: "GET", url: used })).statusCode).toBe(200);
      } finally {
        store.close();
      }
    });

    it("redirects /uploads/<name> to IMAGE_BASE_URL when a CDN serves the bucket", async () => {
      const cdn = await createTestApp(target.options, {
        env: { ...env, IMAGE_BASE_URL: "https://cdn.example.com/images/" },
      });
      try {
        const name = `${"a".repeat(32)}.webp`;
        const response = await cdn.app.inject({ method: "GET", url: `/uploads/${name}` });
        expect(response.statusCode).toBe(301);
        expect(response.headers.location).toBe(`https://cdn.example.com/images/${name}`);
        // The page's Content-Security-Policy lets pictures load from there.
        const csp = String(response.headers["content-security-policy"]);
        expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
      } finally {
        await cdn.close();
      }
    });
  });
}

function fail(): never {
  throw new Error("S3 is not configured");
}
