#!/usr/bin/env node
// Start-up (the built server to its first answered request, on an empty DATA_DIR and again on the same
// one), the gzipped JS and CSS that `/` loads, and Lighthouse on `/` (mobile preset, system Chromium)
// and on a product page (SEO and accessibility).
//   node bench/startup-and-web.mjs
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ensureSnapshot, isMain, root, round, scratchPostgres, snapshotWeb, startServer } from "./lib.mjs";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS =
  "--headless --no-sandbox --disable-background-networking --disable-component-update --disable-sync";
const JS_BUDGET_KB = 120;

/** Cold: migrations and the demo seed on an empty PGlite DATA_DIR. Warm: the same DATA_DIR again. */
export async function startup(buildSeconds) {
  ensureSnapshot();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolshop-bench-start-"));
  try {
    const cold = await startServer({ dataDir, readyPath: "/api/tools" });
    await cold.stop();
    const warm = await startServer({ dataDir, readyPath: "/api/tools" });
    await warm.stop();
    return {
      command: "node bench/startup-and-web.mjs  (start-up part; the build is timed by npm run bench)",
      measures: "spawning node apps/server/dist/server.js until GET /api/tools answers 200 (PGlite)",
      buildSeconds: buildSeconds === undefined ? null : round(buildSeconds, 1),
      coldStartSeconds: round(cold.startSeconds, 2),
      warmStartSeconds: round(warm.startSeconds, 2),
      npmStartColdSeconds: buildSeconds === undefined ? null : round(buildSeconds + cold.startSeconds, 1),
      npmStartWarmSeconds: buildSeconds === undefined ? null : round(buildSeconds + warm.startSeconds, 1),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The JS and CSS that `/` really loads in Chromium (the entry, its preloads and the lazy chunks the page
 * asks for at once): the bytes that crossed the wire (the server sends the build's brotli files to a
 * browser that takes them; the budget is judged on these, as Lighthouse's byte weight is), and each
 * file gzipped at level 9 from the build, for a figure that does not depend on the server. Parts that
 * load when scrolled near (the quote form) are not counted: the first screen does not wait for them.
 */
export async function homePageWeight() {
  ensureSnapshot();
  const { chromium } = await import("@playwright/test");
  const server = await startServer({ readyPath: "/" });
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.split(" ").slice(1) });
  try {
    const page = await browser.newPage();
    const urls = new Set();
    const wire = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.origin !== server.base || !/\.(m?js|css)$/.test(url.pathname)) return;
      urls.add(url.pathname);
      wire.push(
        response.finished().then(async () => ({
          kind: url.pathname.endsWith(".css") ? "css" : "js",
          // The body as encoded on the wire (brotli here), headers left out.
          bytes: (await response.request().sizes()).responseBodySize,
          encoding: (await response.headerValue("content-encoding")) ?? "identity",
        })),
      );
    });
    await page.goto(`${server.base}/`, { waitUntil: "networkidle" });
    const onLoad = weigh([...urls]);
    const transferred = await Promise.all(wire);
    const wireKb = (kind) =>
      round(
        transferred.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.bytes, 0) / 1024,
      );
    const jsWireKb = wireKb("js");
    return {
      command:
        "node bench/startup-and-web.mjs  (web weight part: / in Chromium, bytes on the wire and files gzipped from the build)",
      jsWireKb,
      cssWireKb: wireKb("css"),
      wireEncodings: [...new Set(transferred.map((file) => file.encoding))],
      jsGzipKb: onLoad.js,
      cssGzipKb: onLoad.css,
      jsBudgetKb: JS_BUDGET_KB,
      withinBudget: jsWireKb < JS_BUDGET_KB,
      files: onLoad.files,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

function weigh(urls) {
  const files = urls.sort().map((url) => {
    const bytes = readFileSync(path.join(snapshotWeb, url));
    const kind = url.endsWith(".css") ? "css" : "js";
    return { url, kind, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
  const total = (kind) =>
    round(files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.gzipBytes, 0) / 1024);
  return { js: total("js"), css: total("css"), files };
}

/** One Lighthouse run (mobile preset) on `url` with the system Chromium: its JSON report. */
function runLighthouse(url, categories, outputDir) {
  const report = path.join(outputDir, `report-${categories.length}.json`);
  const args = [
    url,
    "--quiet",
    "--output=json",
    `--output-path=${report}`,
    `--chrome-path=${CHROME}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    `--only-categories=${categories.join(",")}`,
  ];
  execFileSync(path.join(root, "node_modules/.bin/lighthouse"), args, {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, CHROME_PATH: CHROME },
    timeout: 180_000,
  });
  return JSON.parse(readFileSync(report, "utf8"));
}

/** A category's score out of 100, and every weighted audit below 0.9 ("category: title"). */
function scored(result) {
  const score = (id) => Math.round((result.categories[id]?.score ?? 0) * 100);
  const audit = (id) => result.audits[id];
  const failing = Object.values(result.categories).flatMap((category) =>
    category.auditRefs
      .filter(
        (ref) =>
          ref.weight > 0 &&
          (audit(ref.id)?.score ?? 1) < 0.9 &&
          audit(ref.id)?.scoreDisplayMode !== "notApplicable",
      )
      .map((ref) => `${category.id}: ${audit(ref.id).title}`),
  );
  return { score, audit, failing };
}

/**
 * Lighthouse's mobile preset on `/` of the built app, offline, with the system Chromium; then SEO and
 * accessibility on a product page (`/tools/:id`, rendered by the server: issue 12), the first tool of
 * the demo catalogue.
 */
/** Lighthouse's advice on variability: several runs, and the median. */
const LIGHTHOUSE_RUNS = 3;

export async function lighthouse({ template } = {}) {
  ensureSnapshot();
  // At the large size: the server on a clone of the large template (10,000 tools), else the demo seed.
  const scratch = template ? await scratchPostgres("lighthouse", { template: template.name }) : undefined;
  const server = await startServer({ readyPath: "/", ...(scratch ? { databaseUrl: scratch.url } : {}) });
  const outputDir = mkdtempSync(path.join(os.tmpdir(), "toolshop-bench-lh-"));
  try {
    // One run's performance score moves by several points with the machine's load (its 4x CPU
    // slowdown multiplies whatever else runs): the figure is the run with the median score.
    // A run Lighthouse itself fails (its NO_NAVSTART trace error, now and then) is left out.
    const runs = [];
    let lastError;
    for (let attempt = 0; attempt < LIGHTHOUSE_RUNS; attempt++) {
      try {
        runs.push(
          runLighthouse(
            `${server.base}/`,
            ["performance", "accessibility", "best-practices", "seo"],
            outputDir,
          ),
        );
      } catch (error) {
        lastError = error;
      }
    }
    if (runs.length === 0) throw lastError;
    const performanceOf = (run) => run.categories.performance?.score ?? 0;
    // With an even count (a failed run), the lower of the two middle runs: never the kinder figure.
    const result = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b))[
      Math.floor((runs.length - 1) / 2)
    ];
    const { score, audit, failing } = scored(result);
    return {
      command: `npx lighthouse <server>/ --chrome-flags="${CHROME_FLAGS}" --only-categories=performance,accessibility,best-practices,seo  (mobile preset, the default), ${LIGHTHOUSE_RUNS} runs`,
      performanceRuns: runs.map((run) => Math.round(performanceOf(run) * 100)),
      data: template ? `PostgreSQL, a clone of ${template.name}` : "PGlite, the demo seed",
      lighthouseVersion: result.lighthouseVersion,
      chromium: result.environment?.hostUserAgent,
      scores: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
      },
      targets: { performance: 95, accessibility: 100, bestPractices: 100, seo: 100 },
      metrics: {
        lcpMs: Math.round(audit("largest-contentful-paint")?.numericValue ?? 0),
        tbtMs: Math.round(audit("total-blocking-time")?.numericValue ?? 0),
        cls: round(audit("cumulative-layout-shift")?.numericValue ?? 0, 3),
        fcpMs: Math.round(audit("first-contentful-paint")?.numericValue ?? 0),
      },
      auditsBelow90: failing,
      productPage: await productPageLighthouse(server, outputDir),
    };
  } finally {
    await server.stop();
    await scratch?.drop();
    rmSync(outputDir, { recursive: true, force: true });
  }
}

/** SEO and accessibility of a product page, which the server renders with its reviews and JSON-LD. */
async function productPageLighthouse(server, outputDir) {
  const [tool] = await (await fetch(`${server.base}/api/tools`)).json();
  const url = `${server.base}/tools/${tool._id}`;
  const { score, failing } = scored(runLighthouse(url, ["seo", "accessibility"], outputDir));
  return {
    command: `npx lighthouse <server>/tools/<id> --chrome-flags="${CHROME_FLAGS}" --only-categories=seo,accessibility  (mobile preset)`,
    page: `/tools/<id> of ${tool.name}`,
    scores: { seo: score("seo"), accessibility: score("accessibility") },
    targets: { seo: 100, accessibility: 100 },
    auditsBelow90: failing,
  };
}

if (isMain(import.meta.url)) {
  console.log(
    JSON.stringify(
      { startup: await startup(), web: await homePageWeight(), lighthouse: await lighthouse() },
      null,
      2,
    ),
  );
}
