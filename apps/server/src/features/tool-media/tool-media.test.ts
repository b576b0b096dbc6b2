import { createHash } from "node:crypto";
import { readdir, utimes } from "node:fs/promises";
import { join } from "node:path";
import { toolDocuments, toolImages, tools } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import {
  DOCUMENT_NOT_A_PDF,
  DOCUMENT_TITLE_REQUIRED,
  DOCUMENT_TOO_LARGE,
  MAX_DOCUMENT_BYTES,
  TOOL_IMAGE_TWICE,
  TOOL_IMAGES_REQUIRED,
  toolDocumentSchema,
} from "@toolshop/shared/tool-media";
import { toolSchema } from "@toolshop/shared/tools";
import { uploadResponseSchema } from "@toolshop/shared/uploads";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { pruneUnreferencedUploads, UPLOAD_GRACE_PERIOD_MS } from "../uploads/service";
import { localStore } from "../uploads/storage";
import { multipartBody } from "../uploads/test-images";

const PDF = Buffer.from(
  "%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

/** A multipart body with text fields first, then files, as the admin's form sends it. */
async function documentForm(
  fields: Record<string, string>,
  file?: { name: string; type: string; content: Buffer },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("document", new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

/** The parameters of a Content-Disposition header, split where an unquoted `;` is. */
function dispositionParameters(header: string): string[] {
  return header.match(/(?:[^;"]|"(?:[^"\\]|\\.)*")+/g)?.map((part) => part.trim()) ?? [];
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`a tool's pictures and documents ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    const uploadsDir = () => join(t.dataDir, "uploads");
    const storedFiles = async () =>
      (await readdir(uploadsDir()).catch(() => [] as string[])).filter((name) => !name.startsWith("."));

    async function uploadPicture(color: string): Promise<string> {
      const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: color } })
        .png()
        .toBuffer();
      const body = await multipartBody([{ name: "p.png", type: "image/png", content: png }]);
      const response = await t.app.inject({
        method: "POST",
        url: "/api/uploads",
        payload: body.payload,
        headers: { ...body.headers, ...admin.headers },
      });
      return uploadResponseSchema.parse(response.json()).data.url;
    }
    const putImages = (toolId: string, images: unknown, who: SignedInCustomer | null = admin) =>
      t.app.inject({
        method: "PUT",
        url: `/api/tools/${toolId}/images`,
        payload: { images },
        headers: who?.headers,
      });
    async function postDocument(
      toolId: string,
      fields: Record<string, string>,
      file?: { name: string; type: string; content: Buffer },
      who: SignedInCustomer | null = admin,
    ) {
      const body = await documentForm(fields, file);
      return t.app.inject({
        method: "POST",
        url: `/api/tools/${toolId}/documents`,
        payload: body.payload,
        headers: { ...body.headers, ...who?.headers },
      });
    }
    const pdfFile = (content: Buffer = PDF, name = "datasheet.pdf") => ({
      name,
      type: "application/pdf",
      content,
    });
    const getTool = async (toolId: string) =>
      toolSchema.parse((await t.app.inject({ method: "GET", url: `/api/tools/${toolId}` })).json());
    const expectRefused = (
      response: { statusCode: number; json(): unknown },
      status: number,
      message: string,
    ) => {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ statusCode: status, message });
    };

    it("refuses strangers and customers before reading the body", async () => {
      const tool = await addTool(t.database.db);
      // A body the schema would refuse with a 400: the guard answers first.
      for (const [who, status] of [
        [null, 401],
        [customer, 403],
      ] as const) {
        expect((await putImages(tool.id, "not a list", who)).statusCode).toBe(status);
        const garbage = await t.app.inject({
          method: "POST",
          url: `/api/tools/${tool.id}/documents`,
          payload: "--x\r\nnot multipart at all",
          headers: { "content-type": "multipart/form-data; boundary=x", ...who?.headers },
        });
        expect(garbage.statusCode).toBe(status);
        expect(
          (await postDocument(tool.id, { kind: "datasheet", title: "D" }, pdfFile(), who)).statusCode,
        ).toBe(status);
        const removal = await t.app.inject({
          method: "DELETE",
          url: `/api/tools/${tool.id}/documents/00000000-0000-4000-8000-000000000000`,
          headers: who?.headers,
        });
        expect(removal.statusCode).toBe(status);
      }
      expect(
        await t.database.db.select().from(toolDocuments).where(eq(toolDocuments.toolId, tool.id)),
      ).toEqual([]);
    });

    it("shows a tool's image as its first picture, and keeps them in step both ways", async () => {
      const tool = await addTool(t.database.db);
      expect((await getTool(tool.id)).images).toEqual([{ url: tool.image, alt: "" }]);
      const second = await uploadPicture("#ff0000");
      const third = await uploadPicture("#00ff00");

      const added = await putImages(tool.id, [
        { url: tool.image, alt: "The pliers from the side" },
        { url: second, alt: "Jaws, close up" },
        { url: third },
      ]);
      expect(added.statusCode, added.body).toBe(200);
      expect((await getTool(tool.id)).images).toEqual([
        { url: tool.image, alt: "The pliers from the side" },
        { url: second, alt: "Jaws, close up" },
        { url: third, alt: "" },
      ]);

      // Moved first, the second picture becomes the tool's image (the cached answer is dropped).
      await putImages(tool.id, [
        { url: second, alt: "Jaws, close up" },
        { url: tool.image, alt: "The pliers from the side" },
      ]);
      const moved = await getTool(tool.id);
      expect(moved.image).toBe(second);
      expect(moved.images.map((image) => image.url)).toEqual([second, tool.image]);

      // The product form's PATCH of the image changes the first picture, the others stay.
      const patched = await t.app.inject({
        method: "PATCH",
        url: `/api/tools/${tool.id}`,
        headers: admin.headers,
        payload: {
          name: tool.name,
          short: tool.short,
          image: third,
          price: 12.5,
          minQuantity: tool.minQuantity,
          availableQuantity: tool.availableQuantity,
          previousAvailableQuantity: tool.availableQuantity,
        },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(toolSchema.parse(patched.json()).images).toEqual([
        { url: third, alt: "" },
        { url: tool.image, alt: "The pliers from the side" },
      ]);
    });

    it("refuses an empty gallery, a picture that is not an upload of ours, and an unknown tool", async () => {
      const tool = await addTool(t.database.db);
      expectRefused(await putImages(tool.id, []), 400, `images: ${TOOL_IMAGES_REQUIRED}`);
      const missing = "/uploads/0123456789abcdef0123456789abcdef.webp";
      const refused = await putImages(tool.id, [{ url: tool.image }, { url: missing }]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain("was not found");
      expect((await putImages(tool.id, [{ url: "https://evil.example/x.png" }])).statusCode).toBe(400);
      expect((await putImages(tool.id, [{ url: tool.image, alt: "two\nlines" }])).statusCode).toBe(400);
      expectRefused(
        await putImages(tool.id, [{ url: tool.image }, { url: tool.image }]),
        400,
        `images: ${TOOL_IMAGE_TWICE}`,
      );
      expect((await getTool(tool.id)).images).toEqual([{ url: tool.image, alt: "" }]);
      const nobody = await putImages("00000000-0000-4000-8000-000000000000", [{ url: tool.image }]);
      expect(nobody.statusCode).toBe(404);
    });

    it("stores a PDF and serves it as a download named after its title", async () => {
      const tool = await addTool(t.database.db);
      const response = await postDocument(
        tool.id,
        { kind: "datasheet", title: "Pliers datasheet" },
        pdfFile(),
      );
      expect(response.statusCode, response.body).toBe(201);
      const document = toolDocumentSchema.parse(response.json());
      expect(document).toMatchObject({ kind: "datasheet", title: "Pliers datasheet", size: PDF.length });
      expect((await getTool(tool.id)).documents).toEqual([document]);

      const download = await t.app.inject({ method: "GET", url: document.url });
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-type"]).toBe("application/pdf");
      expect(download.headers["content-disposition"]).toBe(
        `attachment; filename="Pliers datasheet.pdf"; filename*=UTF-8''Pliers%20datasheet.pdf`,
      );
      expect(download.headers["x-content-type-options"]).toBe("nosniff");
      expect(download.rawPayload.equals(PDF)).toBe(true);
    });

    it("refuses a PNG renamed .pdf, an HTML page and an empty file, and stores none of them", async () => {
      const tool = await addTool(t.database.db);
      const before = await storedFiles();
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer();
      const html = Buffer.from("<!doctype html><script>alert(1)</script>%PDF-1.7");
      expectRefused(
        await postDocument(tool.id, { kind: "manual", title: "M" }, pdfFile(png)),
        400,
        DOCUMENT_NOT_A_PDF,
      );
      expectRefused(
        await postDocument(
          tool.id,
          { kind: "manual", title: "M" },
          { name: "m.pdf", type: "text/html", content: html },
        ),
        400,
        DOCUMENT_NOT_A_PDF,
      );
      expect((await postDocument(tool.id, { kind: "manual", title: "M" })).statusCode).toBe(400);
      expect(await storedFiles()).toEqual(before);
      expect((await getTool(tool.id)).documents).toEqual([]);
    });

    it("refuses a document over the size cap, a missing title and a title of two lines", async () => {
      const tool = await addTool(t.database.db);
      const big = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]);
      expectRefused(
        await postDocument(tool.id, { kind: "manual", title: "Big" }, pdfFile(big)),
        413,
        DOCUMENT_TOO_LARGE,
      );
      expectRefused(
        await postDocument(tool.id, { kind: "manual", title: "   " }, pdfFile()),
        400,
        DOCUMENT_TITLE_REQUIRED,
      );
      expectRefused(await postDocument(tool.id, { kind: "manual" }, pdfFile()), 400, DOCUMENT_TITLE_REQUIRED);
      for (const title of ["Manual\r\nContent-Type: text/html", "Manual\nX", "x".repeat(121)]) {
        expect((await postDocument(tool.id, { kind: "manual", title }, pdfFile())).statusCode).toBe(400);
      }
      expect((await postDocument(tool.id, { kind: "brochure", title: "B" }, pdfFile())).statusCode).toBe(400);
      expect((await getTool(tool.id)).documents).toEqual([]);
    });

    it("makes a hostile title safe in the download's header", async () => {
      const tool = await addTool(t.database.db);
      const cases = [
        { title: "../../etc/passwd", fallback: "etc passwd.pdf" },
        { title: '"; filename=evil.exe', fallback: "filename=evil.exe.pdf" },
        { title: "Größe ✓ Datenblatt", fallback: "Groe Datenblatt.pdf" },
        { title: "a".repeat(120), fallback: `${"a".repeat(100)}.pdf` },
      ];
      for (const { title, fallback } of cases) {
        const posted = await postDocument(tool.id, { kind: "declaration_of_conformity", title }, pdfFile());
        expect(posted.statusCode, posted.body).toBe(201);
        const download = await t.app.inject({
          method: "GET",
          url: toolDocumentSchema.parse(posted.json()).url,
        });
        const header = String(download.headers["content-disposition"]);
        expect(header).not.toMatch(/[\r\n]/);
        const parameters = dispositionParameters(header);
        expect(parameters[0]).toBe("attachment");
        expect(parameters.filter((parameter) => parameter.startsWith("filename="))).toEqual([
          `filename="${fallback}"`,
        ]);
        const encoded = parameters.find((parameter) => parameter.startsWith("filename*=UTF-8''"));
        expect(parameters).toHaveLength(3);
        const name = decodeURIComponent(encoded?.slice("filename*=UTF-8''".length) ?? "");
        expect(name).not.toMatch(/[/\\"]/);
        expect(name.endsWith(".pdf")).toBe(true);
        if (title.startsWith("Größe")) expect(name).toBe("Größe ✓ Datenblatt.pdf");
      }
    });

    it("removes a document, and prunes what no tool uses while keeping the gallery's and the documents' files", async () => {
      const tool = await addTool(t.database.db);
      const kept = await uploadPicture("#0000ff");
      const dropped = await uploadPicture("#ffff00");
      await putImages(tool.id, [{ url: tool.image }, { url: kept }, { url: dropped }]);
      await putImages(tool.id, [{ url: tool.image }, { url: kept }]);
      const keptPdf = Buffer.concat([PDF, Buffer.from("% kept\n")]);
      const droppedPdf = Buffer.concat([PDF, Buffer.from("% dropped\n")]);
      const keptDocument = toolDocumentSchema.parse(
        (await postDocument(tool.id, { kind: "manual", title: "Manual" }, pdfFile(keptPdf))).json(),
      );
      const droppedDocument = toolDocumentSchema.parse(
        (
          await postDocument(tool.id, { kind: "datasheet", title: "Old datasheet" }, pdfFile(droppedPdf))
        ).json(),
      );
      const removal = await t.app.inject({
        method: "DELETE",
        url: droppedDocument.url,
        headers: admin.headers,
      });
      expect(removal.statusCode).toBe(204);
      expect((await getTool(tool.id)).documents).toEqual([keptDocument]);
      expect((await t.app.inject({ method: "GET", url: droppedDocument.url })).statusCode).toBe(404);

      // Stored under their content hashes, as pictures are.
      const storedName = (bytes: Buffer) =>
        `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.pdf`;
      const keptPdfName = storedName(keptPdf);
      const droppedPdfName = storedName(droppedPdf);
      const files = await storedFiles();
      expect(files).toEqual(expect.arrayContaining([keptPdfName, droppedPdfName]));
      const old = new Date(Date.now() - UPLOAD_GRACE_PERIOD_MS - 60_000);
      for (const name of files) await utimes(join(uploadsDir(), name), old, old);

      const removed = await pruneUnreferencedUploads(t.database.db, localStore(uploadsDir()));
      expect(removed).toContain(dropped.slice("/uploads/".length));
      expect(removed).toContain(droppedPdfName);
      const left = await storedFiles();
      expect(left).toContain(kept.slice("/uploads/".length));
      expect(left).toContain(keptPdfName);
      expect((await t.app.inject({ method: "GET", url: keptDocument.url })).statusCode).toBe(200);
    });

    it("drops a deleted tool's pictures and documents with it", async () => {
      const tool = await addTool(t.database.db);
      await postDocument(tool.id, { kind: "manual", title: "Manual" }, pdfFile());
      await t.database.db.delete(tools).where(eq(tools.id, tool.id));
      const images = await t.database.db
        .select()
        .from(toolImages)
        .where(eq(toolImages.toolId, tool.id))
        .orderBy(asc(toolImages.position));
      expect(images).toEqual([]);
      expect(
        await t.database.db.select().from(toolDocuments).where(eq(toolDocuments.toolId, tool.id)),
      ).toEqual([]);
    });
  });
}
