import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import type { Tool } from "@toolshop/shared/tools";
import { expect, saveScreenshot, test } from "./fixtures";

// What a search engine or a chat app reads from a shared link: each page's own description, canonical
// URL, Open Graph and Twitter card tags, in the head the server sent (they stay after React takes
// over), and a preview picture the networks can show (a PNG, not the SVG).
const TOOL_NAME = "Tape Measure";
const SCREENSHOTS = join(import.meta.dirname, "screenshots");

/** The head's tags as a crawler reads them: name or property → contents, and how often each is there. */
async function headTags(page: Page) {
  return page.evaluate(() => {
    const tags: Record<string, string[]> = {};
    for (const meta of document.head.querySelectorAll("meta[name], meta[property]")) {
      const name = meta.getAttribute("property") ?? meta.getAttribute("name") ?? "";
      tags[name] = [...(tags[name] ?? []), meta.getAttribute("content") ?? ""];
    }
    tags.canonical = [...document.head.querySelectorAll('link[rel="canonical"]')].map(
      (link) => link.getAttribute("href") ?? "",
    );
    return tags;
  });
}

const ONCE_EACH = [
  "description",
  "canonical",
  "og:type",
  "og:site_name",
  "og:title",
  "og:description",
  "og:url",
  "og:image",
  "twitter:card",
  "twitter:title",
  "twitter:description",
  "twitter:image",
];

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test(`/, /blogs and a product page carry their own description, canonical and preview tags (${viewport.name})`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    const tools: Tool[] = await (await request.get("/api/tools")).json();
    const tool = tools.find((candidate) => candidate.name === TOOL_NAME);
    if (!tool) throw new Error(`The demo catalogue has no ${TOOL_NAME}`);
    const pages = [
      { path: "/", heading: "Best Electrical Tool is Here !", type: "website" },
      { path: "/blogs", heading: "Blogs", type: "website" },
      { path: `/tools/${tool._id}`, heading: TOOL_NAME, type: "product" },
    ];
    const descriptions = new Set<string>();
    for (const { path, heading, type } of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const tags = await headTags(page);
      for (const name of ONCE_EACH) expect(tags[name], `${path}: ${name}`).toHaveLength(1);
      const url = new URL(path, baseURL).href;
      expect(tags.canonical?.[0], path).toBe(url);
      expect(tags["og:url"]?.[0], path).toBe(url);
      expect(tags["og:type"]?.[0], path).toBe(type);
      expect(tags["twitter:card"]?.[0], path).toBe("summary_large_image");
      expect(tags["twitter:image"]?.[0], path).toBe(tags["og:image"]?.[0]);
      descriptions.add(tags.description?.[0] ?? "");

      // The preview is a picture every network shows: a PNG, 1200 wide.
      const image = await request.get(tags["og:image"]?.[0] ?? "");
      expect(image.status(), path).toBe(200);
      expect(image.headers()["content-type"], path).toMatch(/^image\/(png|jpeg|webp)$/);
    }
    expect(descriptions.size).toBe(pages.length);

    await page.goto(`/tools/${tool._id}`);
    await expect(page.getByRole("heading", { level: 1, name: TOOL_NAME })).toBeVisible();
    await saveScreenshot(page, `page-heads-product-${viewport.name}`, { fullPage: false });
    // The picture a shared link of this page shows, kept beside the screenshots to be looked at.
    const preview = await request.get((await headTags(page))["og:image"]?.[0] ?? "");
    mkdirSync(SCREENSHOTS, { recursive: true });
    writeFileSync(join(SCREENSHOTS, "page-heads-product-preview.png"), await preview.body());
  });
}
