// A tool's pictures and documents (issue 58, decision 0057): the owner adds a second picture and a
// datasheet to a tool in its edit screen, and is told when a file is not a PDF or the title is missing;
// a visitor browses the gallery by keyboard on a desktop and by tap on a phone, and downloads the
// datasheet. Screenshots go to /tmp/shots-media too.
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { signInAsAdmin } from "./accounts-fixtures";
import { type Api, addTool, adminInOwnBrowser, apiOf, uniqueToolName, uploadPicture } from "./api-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll, seriousViolations } from "./orders-fixtures";

// signInAsAdmin's sign-up is refused (422) once the admin exists, which the browser logs; and the
// refused document's 400 is logged as a failed resource.
test.use({ allowBrowserErrors: true });
test.afterEach(({ browserErrors }) => {
  const unexpected = browserErrors.filter(
    (error) =>
      !/status of 422 .*\/api\/auth\/sign-up\/email/.test(error) &&
      !/status of 400 .*\/api\/tools\/[^/]+\/documents/.test(error),
  );
  expect(unexpected, "errors in the browser console").toEqual([]);
});
test.describe.configure({ timeout: 120_000 });

const SHOTS = "/tmp/shots-media";
const PDF = Buffer.from(
  "%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

async function shot(page: Page, name: string) {
  await saveScreenshot(page, `tool-media-${name}`, { fullPage: false });
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const png = (background: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer();

test("the owner adds a second picture and a datasheet to a tool", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const name = uniqueToolName("Insulated Pliers");
  await addTool(await apiOf(page), {
    name,
    short: "VDE pliers, 1000 V.",
    minQuantity: 1,
    availableQuantity: 30,
    price: 24.5,
  });

  await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(name)}`);
  await page
    .getByRole("article", { name })
    .getByRole("button", { name: `Edit ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
  const media = dialog.getByRole("region", { name: "Pictures and documents" });
  await expect(media.getByLabel("Description of picture 1")).toBeVisible();

  await media.getByLabel("Add a picture").setInputFiles({
    name: "pliers-jaws.png",
    mimeType: "image/png",
    buffer: await png("#dc2626"),
  });
  await media.getByRole("button", { name: "Add picture" }).click();
  const secondAlt = media.getByLabel("Description of picture 2");
  await expect(secondAlt).toBeVisible();
  await secondAlt.fill("The jaws, close up");
  // Leaving the field saves it.
  await secondAlt.press("Tab");
  await expect(media.getByText("Description of picture 2 saved.")).toBeAttached();

  // A picture renamed .pdf is refused by the server; no title is refused before sending.
  await media.getByLabel("PDF file").setInputFiles({
    name: "datasheet.pdf",
    mimeType: "application/pdf",
    buffer: await png("#16a34a"),
  });
  await media.getByRole("button", { name: "Upload document" }).click();
  await expect(media.getByText("Title is required")).toBeVisible();
  await media.getByLabel("Title").fill(`${name} datasheet`);
  await media.getByRole("button", { name: "Upload document" }).click();
  await expect(media.getByRole("alert")).toHaveText("This file is not a PDF. Please choose a PDF document.");

  await media.getByLabel("Kind").selectOption({ label: "Datasheet" });
  await media
    .getByLabel("PDF file")
    .setInputFiles({ name: "datasheet.pdf", mimeType: "application/pdf", buffer: PDF });
  await media.getByRole("button", { name: "Upload document" }).click();
  await expect(media.getByRole("link", { name: `${name} datasheet` })).toBeVisible();
  await expect(media.getByText("Datasheet · 1 KB")).toBeVisible();
  await media.getByRole("heading", { name: "Pictures and documents" }).scrollIntoViewIfNeeded();
  await shot(page, "owner-edit-desktop");

  // Move the new picture first, by keyboard: it becomes the tool's picture.
  const up = media.getByRole("button", { name: "Move picture 2 up" });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(media.getByLabel("Description of picture 1")).toHaveValue("The jaws, close up");
  await expect(media.getByRole("button", { name: "Move picture 1 down" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  const found = await (await apiOf(page))<{
    tools: {
      image: string;
      images: { url: string; alt: string }[];
      documents: { kind: string; title: string }[];
    }[];
  }>("GET", `/api/tools/search?q=${encodeURIComponent(name)}`);
  const [tool] = found.tools;
  if (!tool) throw new Error(`${name} was not found`);
  expect(tool.images).toHaveLength(2);
  expect(tool.images[0]?.alt).toBe("The jaws, close up");
  expect(tool.image).toBe(tool.images[0]?.url);
  expect(tool.documents).toEqual([
    expect.objectContaining({ kind: "datasheet", title: `${name} datasheet` }),
  ]);
});

/** A tool with two pictures and a datasheet, set up through the owner's API. */
async function toolWithMedia(api: Api) {
  const name = uniqueToolName("Torque Screwdriver");
  const first = await uploadPicture(api);
  const tool = await addTool(api, {
    name,
    short: "Set to 1 to 5 N·m.",
    minQuantity: 1,
    availableQuantity: 20,
    price: 58,
    image: first,
  });
  const second = await api<{ data: { url: string } }>("POST", "/api/uploads", {
    multipart: { image: { name: "scale.png", mimeType: "image/png", buffer: await png("#f59e0b") } },
  });
  await api("PUT", `/api/tools/${tool._id}/images`, {
    data: {
      images: [
        { url: first, alt: "" },
        { url: second.data.url, alt: "The torque scale" },
      ],
    },
  });
  await api("POST", `/api/tools/${tool._id}/documents`, {
    multipart: {
      kind: "datasheet",
      title: `${name} — Datenblatt`,
      document: { name: "sheet.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  return { ...tool, name, first, second: second.data.url };
}

for (const screen of SCREENS) {
  test.describe(`a visitor on a ${screen.name}`, () => {
    test.use(screen.use);

    test("browses a tool's pictures and downloads its datasheet", async ({ page, browser }) => {
      const owner = await adminInOwnBrowser(browser);
      const tool = await toolWithMedia(owner.api).finally(() => owner.close());

      await page.goto(`/tools/${tool._id}`);
      await expect(page.getByRole("heading", { level: 1, name: tool.name })).toBeVisible();
      const gallery = page.getByRole("region", { name: `Pictures of ${tool.name}` });
      await expect(gallery.locator("figure img:visible")).toHaveAttribute("src", tool.first);
      await expect(gallery.getByText("Picture 1 of 2")).toBeVisible();
      const secondThumbnail = gallery.getByRole("radio", { name: "Show picture 2: The torque scale" });

      if (screen.name === "desktop") {
        // By keyboard: the first thumbnail, then the arrow key to the next.
        await gallery.getByRole("radio", { name: `Show picture 1: ${tool.name}, picture 1` }).focus();
        await page.keyboard.press("ArrowRight");
        await expect(secondThumbnail).toBeFocused();
      } else {
        // By tap on the thumbnail (its label holds the radio and the small picture).
        await gallery.getByRole("listitem").nth(1).locator("label").tap();
      }
      await expect(secondThumbnail).toBeChecked();
      await expect(gallery.locator("figure img:visible")).toHaveAttribute("src", tool.second);
      await expect(gallery.locator("figure img:visible")).toHaveAttribute("alt", "The torque scale");
      await expect(gallery.getByText("Picture 2 of 2")).toBeVisible();
      if (screen.name === "phone") {
        await gallery.getByRole("button", { name: "Next picture" }).tap();
        await expect(gallery.locator("figure img:visible")).toHaveAttribute("src", tool.first);
        await expect(gallery.getByText("Picture 1 of 2")).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await gallery.scrollIntoViewIfNeeded();
      await shot(page, `gallery-${screen.name}`);

      const documents = page.getByRole("region", { name: "Documents" });
      const link = documents.getByRole("link", { name: `${tool.name} — Datenblatt` });
      await expect(documents.getByText("Datasheet · PDF, 1 KB")).toBeVisible();
      await link.scrollIntoViewIfNeeded();
      await shot(page, `product-${screen.name}`);

      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe(`${tool.name} — Datenblatt.pdf`);
      const response = await page.request.get((await link.getAttribute("href")) ?? "");
      expect(response.headers()["content-type"]).toBe("application/pdf");
      expect(response.headers()["content-disposition"]).toMatch(
        /^attachment; filename="[^"/\\]+\.pdf"; filename\*=UTF-8''/,
      );
      expect(
        Buffer.from(await response.body())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    });
  });
}
