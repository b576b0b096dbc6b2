// bench/results/latest.md from the figures of bench/results/latest.json.
import { START_NODE_FLAGS } from "../apps/server/src/testing/launch-server.mjs";
import { ordersLargeSection } from "./report-orders.mjs";

const check = (ok) => (ok ? "yes" : "**no**");

export function renderMarkdown(r) {
  const m = r.machine;
  const lines = [
    "# Toolshop benchmark results",
    "",
    `Run: \`${r.command}\` on ${r.date.slice(0, 10)} (${r.date}), ${r.totalSeconds} s in all.`,
    `Machine: ${m.cores} cores (${m.cpuModel}), ${m.memoryGb} GB, Node.js ${m.node}, ${m.os}.`,
    `Load average at start ${m.loadAverageAtStart.join(" / ")}, at end ${m.loadAverageAtEnd?.join(" / ")} (1/5/15 min).`,
    `CPU calibration (bench/lib.mjs cpuCalibrationMs, lower is faster): ${m.cpuCalibrationMsAtStart ?? "not measured"} ms at start, ${m.cpuCalibrationMsAtEnd ?? "not measured"} ms at end.`,
    "",
    ...r.notes.map((note) => `> ${note}`),
    "",
    `Servers run from the production build (\`node ${[...START_NODE_FLAGS, ...(r.serverExtraNodeArgs ?? [])].join(" ")} apps/server/dist/server.js\`, ${r.serverExtraNodeArgs?.length ? "as `npm start` runs it plus BENCH_SERVER_NODE_ARGS" : "as `npm start` runs it"}; NODE_ENV=production, default log level), one process, no Redis.`,
    "",
    ...targets(r),
  ];

  lines.push("## API read: the cached catalogue against a bare node:http server with the same bytes", "");
  for (const key of ["apiReadPglite", "apiReadPostgres", "apiReadLarge"]) {
    const s = r[key];
    if (!s) continue;
    if (s.failed) {
      lines.push(`- ${key}: did not finish (${s?.failed})`, "");
      continue;
    }
    lines.push(
      `### ${s.database}, ${s.size ?? "seed size"} (${s.catalogueTools} tools in the catalogue)`,
      "",
      `Command: \`${s.command}\` — ${s.loadGenerator}, ${s.connections} connections, ${s.rounds} rounds of ${s.secondsPerSample} s per target (after 1 s warm-up), ceiling, API and (PostgreSQL) naive peer back to back in rotating order; the ceiling replays the API's captured answer (status, every header but Date/Connection/Keep-Alive, body); req/s and latencies are medians over the rounds, the ratio the median of the per-round ratios; pinning: ${s.pinning ?? "none"}.`,
      "",
      "| endpoint | body | API req/s | API p50 / p99 ms | ceiling req/s | ceiling p50 / p99 ms | to ceiling (target >= 0.8) | naive req/s | to naive (target >= 3) | server CPU µs per answer, API / ceiling (ratio) | saturated (API run) |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
    );
    for (const [endpoint, e] of Object.entries(s.endpoints)) {
      lines.push(
        `| ${endpoint} | ${e.bodyBytes} B | ${e.api.requestsPerSecond} | ${e.api.latencyMs.p50} / ${e.api.latencyMs.p99} | ${e.ceiling.requestsPerSecond} | ${e.ceiling.latencyMs.p50} / ${e.ceiling.latencyMs.p99} | ${e.ratioToCeiling} | ${e.naive ? e.naive.requestsPerSecond : "–"} | ${naiveRatio(e)} | ${e.api.cpuMicrosPerAnswer} / ${e.ceiling.cpuMicrosPerAnswer} (${cpuRatio(e)}) | ${e.api.saturated} (wrk core ${e.api.coreBusy.client}, server core ${e.api.coreBusy.server}) |`,
      );
    }
    lines.push(
      "",
      "Saturated: the core that was (nearly) fully busy while the API was loaded; when it is the server's, req/s ratios compare servers, not the generator. The CPU time each server spends per answer (ceiling / API) shows the framework's cost whatever limited the run.",
    );
    const mem = s.serverMemoryUnderReadLoad;
    const searched = s.searches
      ? ` and ${s.searches.seconds} s of searches that followed it (GET /api/tools/search, ${s.searches.different} different in turn: ${s.searches.requestsPerSecond} req/s, p50 / p99 ${s.searches.latencyMs.p50} / ${s.searches.latencyMs.p99} ms)`
      : "";
    lines.push(
      "",
      `Server memory under this read load${searched}: peak RSS (VmHWM) ${mem.peakRssMb} MB, RSS at the end ${mem.rssMb} MB (target < ${rssTarget(s)} MB: ${check(mem.peakRssMb < rssTarget(s))}).`,
      "",
    );
  }

  const w = r.apiWrite;
  if (w) lines.push("## API write: POST /api/orders on PostgreSQL", "");
  if (w?.failed) lines.push(`Did not finish (${w.failed}).`, "");
  else if (w) {
    lines.push(
      `Command: \`${w.command}\` — ${w.database}, ${w.connections} concurrent clients, ${w.durationSeconds} s after ${w.warmupSeconds} s warm-up.`,
      "",
      "| path | orders/s | p50 ms | p99 ms |",
      "|---|---|---|---|",
      `| POST /api/orders (HTTP, token, validation, Drizzle) | ${w.api.ordersPerSecond} | ${w.api.latencyMs.p50} | ${w.api.latencyMs.p99} |`,
      `| the same transaction (place-order.ts, one order each) through \`pg\` (pool of ${w.directDriver.poolSize}) | ${w.directDriver.ordersPerSecond} | ${w.directDriver.latencyMs.p50} | ${w.directDriver.latencyMs.p99} |`,
      "",
      `Ratio to the direct driver: **${w.ratioToDirectDriver}**. Answers: ${w.api.responses["2xx"]} created, ${w.api.responses.non2xx} non-2xx, ${w.api.responses.errors} errors. Database check: ${w.check.ordersInDatabase} orders, ${w.check.stockTaken} units taken — ${w.check.consistent ? "consistent" : "**INCONSISTENT**"}.`,
      "",
    );
  }

  lines.push(...largeSections(r));
  lines.push(...ordersLargeSection(r));

  const s = r.startup;
  if (s) lines.push("## Start-up (PGlite, the default `npm start`)", "");
  if (s?.failed) lines.push(`Did not finish (${s.failed}).`, "");
  else if (s) {
    // With --no-build the build was not timed: say so rather than print "null s".
    const timed = s.buildSeconds !== null && s.buildSeconds !== undefined;
    const withBuild = (seconds, what) => (timed ? ` → ${what} ≈ ${seconds} s` : "");
    lines.push(
      `Command: \`${s.command}\`; ${s.measures}.`,
      "",
      timed
        ? `- \`npm run build\`: ${s.buildSeconds} s`
        : "- `npm run build`: not timed in this run (--no-build), so neither is `npm start`, which builds first",
      `- cold start (empty DATA_DIR: create the database, migrate, seed): ${s.coldStartSeconds} s${withBuild(s.npmStartColdSeconds, "cold `npm start`")}`,
      `- warm start (same DATA_DIR): ${s.warmStartSeconds} s${withBuild(s.npmStartWarmSeconds, "warm `npm start` (it rebuilds first)")}`,
      "",
    );
  }

  const web = r.webWeight;
  if (web) lines.push("## Web: what `/` loads", "");
  if (web?.failed) lines.push(`Did not finish (${web.failed}).`, "");
  else if (web) {
    lines.push(
      `Command: \`${web.command}\` (gzip level 9).`,
      "",
      `- JavaScript: ${web.jsWireKb} KB on the wire (${web.wireEncodings?.join(", ")}; budget ${web.jsBudgetKb} KB: ${check(web.withinBudget)}), ${web.jsGzipKb} KB gzipped at level 9 from the build; CSS: ${web.cssWireKb} KB on the wire, ${web.cssGzipKb} KB gzipped`,
      ...web.files.map((f) => `  - ${f.url}: ${f.bytes} B, ${f.gzipBytes} B gzipped`),
      "",
    );
  }

  lighthouseSection(lines, r.lighthouse, "## Lighthouse: phone and desktop profiles, `/` and a product page");
  lighthouseSection(lines, r.lighthouseLarge, "## Lighthouse at the large size: phone and desktop profiles");
  return `${lines.join("\n")}\n`;
}

function lighthouseSection(lines, lh, title) {
  if (lh) lines.push(title, "");
  if (lh?.failed) lines.push(`Did not finish (${lh.failed}).`, "");
  else if (lh) {
    const t = lh.targets;
    const target = (row, key) => (key === "performance" ? row.performanceTarget : t[key]);
    const cell = (row, key) => `${row.scores[key]}${row.scores[key] >= target(row, key) ? "" : " (below)"}`;
    lines.push(
      `Command: \`${lh.command}\` — Lighthouse ${lh.lighthouseVersion}, ${lh.chromium}; data: ${lh.data}.`,
      "",
      `Targets: performance 95 on \`/\` (issue 13) and 90 on a product page (issue 51), accessibility ${t.accessibility}, best practices ${t.bestPractices}, SEO ${t.seo}. The mobile profile simulates slow 4G and a 4x CPU slowdown on top of this machine's own load; desktop neither.`,
      "",
      "| profile | page | performance (runs) | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | FCP ms | unused JS KiB |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
      ...lh.rows.map(
        (row) =>
          `| ${row.profile} | ${row.page} | ${cell(row, "performance")} (${row.performanceRuns.join(", ")}) | ${cell(row, "accessibility")} | ${cell(row, "bestPractices")} | ${cell(row, "seo")} | ${row.metrics.lcpMs} | ${row.metrics.tbtMs} | ${row.metrics.cls} | ${row.metrics.fcpMs} | ${row.unusedJsKib} |`,
      ),
      "",
      ...lh.rows.flatMap((row) => {
        const notes = [
          ...(row.shortCacheFiles.length ? [`kept briefly: ${row.shortCacheFiles.join(", ")}`] : []),
          ...(row.auditsBelow90.length ? [`audits below 0.9: ${row.auditsBelow90.join("; ")}`] : []),
        ];
        return notes.length ? [`- ${row.profile}, ${row.page}: ${notes.join("; ")}.`] : [];
      }),
      "",
    );
  }
}

/** The ceiling's CPU time per answer over the API's: the share of the bare server's speed the API keeps. */
function cpuRatio(endpoint) {
  const api = endpoint.api.cpuMicrosPerAnswer;
  const bare = endpoint.ceiling.cpuMicrosPerAnswer;
  return api && bare ? (bare / api).toFixed(2) : "n/a";
}

/** The ratio to the naive peer; null when it answered nothing within a round. */
const naiveRatio = (e) => {
  if (!e.naive) return "–";
  return e.ratioToNaive === null ? "∞ (the naive peer answered none in a round)" : `${e.ratioToNaive}x`;
};

const rssTarget = (section) => (section.size === "large size" ? 300 : 200);

/** issue 13's targets, met or not, with where each figure comes from. */
function targets(r) {
  const rows = [];
  const add = (target, figure, met) =>
    rows.push(`| ${target} | ${figure} | ${met === undefined ? "n/a" : check(met)} |`);
  const tools = r.apiReadPostgres?.endpoints?.["GET /api/tools"];
  if (tools) {
    add(
      "catalogue read (seed size, PostgreSQL, wrk) >= 0.8 of the exact-answer ceiling",
      `${tools.ratioToCeiling} (CPU per answer ceiling / API ${cpuRatio(tools)})`,
      tools.ratioToCeiling >= 0.8,
    );
    add("… and >= 3x the naive peer, same run", naiveRatio(tools), tools.ratioToNaive >= 3);
  }
  const largeTools = r.apiReadLarge?.endpoints?.["GET /api/tools"];
  if (largeTools) {
    add(
      `catalogue read at the large size (${r.apiReadLarge.catalogueTools} tools) >= 0.8 of the ceiling / >= 3x naive`,
      `${largeTools.ratioToCeiling} / ${naiveRatio(largeTools)}`,
      largeTools.ratioToCeiling >= 0.8 && (largeTools.ratioToNaive === null || largeTools.ratioToNaive >= 3),
    );
  }
  const large = r.largeApi?.large;
  if (large?.endpoints) {
    const slow = Object.entries(large.endpoints).filter(([, e]) => !e.p99UnderTarget);
    // What the database alone allows the writes on this machine: the order transaction sent by 50
    // clients straight through pg (the API write table), with no HTTP and no application code.
    const driver = r.apiWrite?.directDriver;
    const floor = driver
      ? ` (the order's database call alone through \`pg\`, 50 clients: p99 ${driver.latencyMs.p99} ms)`
      : "";
    add(
      "large size: every API call p99 < 50 ms at 50 connections (PostgreSQL)",
      slow.length
        ? `over: ${slow.map(([name, e]) => `${name} ${e.latencyMs.p99} ms`).join(", ")}${floor}`
        : "all under",
      slow.length === 0,
    );
  }
  const screens = r.screens?.screens;
  if (screens) {
    const slow = Object.entries(screens).filter(([, e]) => !e.withinTarget);
    add(
      "large size: every dashboard screen's first row within 1 s (Chromium, slowest of 3 loads)",
      slow.length ? `over: ${slow.map(([name, e]) => `${name} ${e.slowestMs} ms`).join(", ")}` : "all within",
      slow.length === 0,
    );
  }
  const pglite = r.apiReadPglite?.serverMemoryUnderReadLoad;
  if (pglite)
    add(
      "server RSS < 200 MB at seed size on PGlite (peak over the catalogue reads and the searches after them)",
      `${pglite.peakRssMb} MB`,
      pglite.peakRssMb < 200,
    );
  const largePeaks = [r.apiReadLarge?.serverMemoryUnderReadLoad, large?.serverMemory, r.screens?.serverMemory]
    .filter(Boolean)
    .map((memory) => memory.peakRssMb);
  if (largePeaks.length) {
    const peak = Math.max(...largePeaks);
    add("server RSS < 300 MB at the large size (peak over its runs)", `${peak} MB`, peak < 300);
  }
  const ratio = r.largeApi?.ordersPerSecondLargeToSeed;
  if (ratio !== undefined) {
    add(
      "orders/s on PostgreSQL at the large size within 10% of seed size",
      r.largeApi.ordersSideBySide
        ? `${ratio} (median of ${r.largeApi.ordersSideBySide.ratios.join(", ")}: rounds side by side)`
        : `${r.largeApi.large.endpoints["place order"].requestsPerSecond} / ${r.largeApi.seedSize.endpoints["place order"].requestsPerSecond} = ${ratio}`,
      ratio >= 0.9,
    );
  }
  const web = r.webWeight;
  if (web && !web.failed) {
    add(`JS on \`/\` under ${web.jsBudgetKb} KB (bytes on the wire)`, `${web.jsWireKb} KB`, web.withinBudget);
  }
  for (const [lh, where] of [
    [r.lighthouse, "demo seed"],
    [r.lighthouseLarge, "10,000 tools"],
  ]) {
    for (const row of lh && !lh.failed ? lh.rows : []) {
      add(
        `Lighthouse performance >= ${row.performanceTarget}, ${row.profile} profile, ${row.page} (${where})`,
        `${row.scores.performance}`,
        row.scores.performance >= row.performanceTarget,
      );
    }
  }
  if (rows.length === 0) return [];
  return ["## Targets (issue 13)", "", "| target | figure | met |", "|---|---|---|", ...rows, ""];
}

function largeSections(r) {
  const lines = [];
  const seed = r.largeSeed;
  if (seed) {
    lines.push("## The large size", "");
    if (seed.failed) lines.push(`Seeding did not finish (${seed.failed}).`, "");
    else {
      lines.push(
        `Template database \`${seed.name}\`, made by \`${seed.command}\` in **${seed.seedSeconds} s**${seed.reused ? ` (reused from the run of ${seed.seededAt})` : ""}, then the bench's additions in ${seed.extrasSeconds} s (bench/large-data.mjs): ${JSON.stringify(seed.extras)}; ${seed.sizeMb} MB. Every large-size run clones it.`,
        "",
      );
    }
  }
  const api = r.largeApi;
  if (api) {
    lines.push("## API calls at seed size and at the large size (PostgreSQL)", "");
    if (api.failed) lines.push(`Did not finish (${api.failed}).`, "");
    else {
      const rowsOf = (suite) =>
        Object.entries(suite.rows ?? {})
          .filter(([name]) => name !== "sampleToolId")
          .map(([name, value]) => `${name} ${value}`)
          .join(", ");
      lines.push(
        `Command: \`${api.command}\` — ${api.loadGenerator}, ${api.connections} connections, ${api.secondsPerSample} s per call after ${api.warmupSeconds ?? 1} s of the same load (warm-up), ${api.large.pinning ?? ""}. Rows: seed size ${rowsOf(api.seedSize)}; large size ${rowsOf(api.large)}.`,
        "",
        "| call | request | seed req/s | seed p50 / p99 ms | large req/s | large p50 / p99 ms | large p99 < 50 ms | server CPU µs per answer, seed / large | saturated (large) |",
        "|---|---|---|---|---|---|---|---|---|",
      );
      for (const [name, large] of Object.entries(api.large.endpoints)) {
        const seedSize = api.seedSize.endpoints[name];
        lines.push(
          `| ${name} | ${large.request} | ${seedSize?.requestsPerSecond} | ${seedSize?.latencyMs.p50} / ${seedSize?.latencyMs.p99} | ${large.requestsPerSecond} | ${large.latencyMs.p50} / ${large.latencyMs.p99} | ${check(large.p99UnderTarget)} | ${seedSize?.cpuMicrosPerAnswer} / ${large.cpuMicrosPerAnswer} | ${large.saturated}${large.apiShareOfServerCore === undefined ? "" : `; the API process ${large.apiShareOfServerCore} of the server core`} |`,
        );
      }
      const pay = api.large.endpoints["pay order"];
      lines.push(
        "",
        ...ordersSideBySideLines(api),
        `Pay order (large): ${pay.prepared} orders placed and started before the run, ${pay.repeated} requests repeated a secret, ${pay.ordersPaidInDatabase} orders paid in the database, ${api.large.mailsRelayed} mails relayed over SMTP (paid orders' confirmations, to bench/smtp-sink.mjs on the generator's core, as a shop in production sends them)${api.large.mailsKept === undefined ? "" : ` and ${api.large.mailsKept} kept in mail_retries for the next retry pass, beyond the mailer's queue (SMTP_URL's maxWaiting, 10,000 by default; decision 0033)`}. Failed answers (large): ${Object.entries(
          api.large.endpoints,
        )
          .map(([name, e]) => `${name} ${e.failed}`)
          .join(", ")}.`,
        `Server memory, large size: peak RSS ${api.large.serverMemory.peakRssMb} MB (target < 300 MB: ${check(api.large.serverMemory.peakRssMb < 300)}); seed size ${api.seedSize.serverMemory.peakRssMb} MB.`,
        "",
        "PostgreSQL is not pinned: its backends run on either core. So a saturated server core may be partly the database's; the API process's own CPU time over the run says how much of that core was the API's.",
        "",
        "wrk keeps 50 requests in flight, each sent as soon as the previous answer arrives: a call answered at R per second waits about 50 / R s on average (Little's law), so a p99 under 50 ms at 50 connections needs more than 1,000 answers per second; the req/s column shows how far each call is from it. wrk's latencies include its correction for coordinated omission: for each answer slower than twice a connection's mean time per request, it adds samples as if requests had kept coming at that pace. That raises the p99 of calls whose answers come unevenly, PGlite's searches most (docs/operations.md); on PostgreSQL's even answers it changes little.",
        "",
      );
    }
  }
  const sc = r.screens;
  if (sc) {
    lines.push("## Dashboard screens at the large size (Chromium)", "");
    if (sc.failed) lines.push(`Did not finish (${sc.failed}).`, "");
    else {
      lines.push(
        `Command: \`${sc.command}\` — ${sc.browser}; ${sc.measures}.`,
        "",
        "| screen | path | as | cold ms | warm median ms | slowest ms | within 1 s |",
        "|---|---|---|---|---|---|---|",
        ...Object.entries(sc.screens).map(
          ([name, e]) =>
            `| ${name} | ${e.path} | ${e.as} | ${e.coldMs} | ${e.warmMedianMs} | ${e.slowestMs} | ${check(e.withinTarget)} |`,
        ),
        "",
        `Server memory while the screens were open: peak RSS ${sc.serverMemory.peakRssMb} MB.`,
        "",
      );
    }
  }
  return lines;
}

/** The orders/s ratio: the two suites' (minutes apart) and the side-by-side rounds' (the target's). */
function ordersSideBySideLines(api) {
  const side = api.ordersSideBySide;
  if (!side) return [`Place order: orders/s large / seed = **${api.ordersPerSecondLargeToSeed}**.`];
  const rounds = side.rounds
    .map(
      (round) =>
        `seed ${round["seed size"].requestsPerSecond} / large ${round["large size"].requestsPerSecond}`,
    )
    .join("; ");
  // Runs saved before the WAL was read have no such figures.
  const wal = side.rounds[0]?.["seed size"].walBytesPerOrder === undefined ? [] : [walLine(side)];
  const failed = side.rounds
    .flatMap((round) => Object.values(round))
    .reduce((sum, shop) => sum + shop.failed, 0);
  return [
    `Place order, orders/s large / seed: **${side.ratio}**, the median of ${side.ratios.length} rounds side by side (\`${side.command}\`: ${side.pinning}, ${side.secondsPerSample} s each after 1 s warm-up, alternating which goes first; ${rounds}; failed answers ${failed}). The suites above, minutes apart: ${api.suitesOrdersRatio}.`,
    "",
    ...wal,
  ];
}

/** PostgreSQL's WAL per placed order in each round: what the database writes, whatever the CPU's speed. */
function walLine(side) {
  const each = (label) =>
    side.rounds
      .map((round) => `${round[label].walBytesPerOrder} B (${round[label].fullPagesPerOrder} whole pages)`)
      .join(", ");
  return `WAL per placed order (\`pg_stat_wal\` around each run; the first round follows the clone's checkpoint, when every page's first change is logged whole): seed size ${each("seed size")}; large size ${each("large size")}.\n`;
}
