// bench/results/latest.md from the figures of bench/results/latest.json.

const check = (ok) => (ok ? "yes" : "**no**");

export function renderMarkdown(r) {
  const m = r.machine;
  const lines = [
    "# Toolshop benchmark results",
    "",
    `Run: \`${r.command}\` on ${r.date.slice(0, 10)} (${r.date}), ${r.totalSeconds} s in all.`,
    `Machine: ${m.cores} cores (${m.cpuModel}), ${m.memoryGb} GB, Node.js ${m.node}, ${m.os}.`,
    `Load average at start ${m.loadAverageAtStart.join(" / ")}, at end ${m.loadAverageAtEnd?.join(" / ")} (1/5/15 min).`,
    "",
    ...r.notes.map((note) => `> ${note}`),
    "",
    "Servers run from the production build (`node apps/server/dist/server.js`, NODE_ENV=production, default log level), one process, no Redis.",
    "",
  ];

  lines.push("## API read: the cached catalogue against a bare node:http server with the same bytes", "");
  for (const key of ["apiReadPglite", "apiReadPostgres"]) {
    const s = r[key];
    if (!s || s.failed) {
      lines.push(`- ${key}: did not finish (${s?.failed})`, "");
      continue;
    }
    lines.push(
      `### ${s.database}`,
      "",
      `Command: \`${s.command}\` — autocannon, ${s.connections} connections, ${s.rounds} rounds of ${s.secondsPerSample} s per target (after 1 s warm-up), ceiling and API back to back in alternating order; the ceiling replays the API's captured answer (status, every header but Date/Connection/Keep-Alive, body); req/s and latencies are medians over the rounds, the ratio the median of the per-round ratios; pinning: ${s.pinning ?? "none"}.`,
      "",
      "| endpoint | body | API req/s | API p50 / p99 ms | ceiling req/s | ceiling p50 / p99 ms | ratio (target >= 0.8) | server CPU µs per answer, API / ceiling (ratio) |",
      "|---|---|---|---|---|---|---|---|",
    );
    for (const [endpoint, e] of Object.entries(s.endpoints)) {
      lines.push(
        `| ${endpoint} | ${e.bodyBytes} B | ${e.api.requestsPerSecond} | ${e.api.latencyMs.p50} / ${e.api.latencyMs.p99} | ${e.ceiling.requestsPerSecond} | ${e.ceiling.latencyMs.p50} / ${e.ceiling.latencyMs.p99} | ${e.ratioToCeiling} | ${e.api.cpuMicrosPerAnswer} / ${e.ceiling.cpuMicrosPerAnswer} (${cpuRatio(e)}) |`,
      );
    }
    lines.push(
      "",
      "Both servers can answer faster than one autocannon process can ask on this machine, so the req/s ratio stops near 1; the CPU time each server spends per answer (ceiling / API) shows the framework's cost. Latencies are whole milliseconds (autocannon's resolution).",
    );
    const mem = s.serverMemoryUnderReadLoad;
    lines.push(
      "",
      `Server memory under this read load: peak RSS (VmHWM) ${mem.peakRssMb} MB, RSS at the end ${mem.rssMb} MB (target < 200 MB: ${check(mem.peakRssMb < 200)}).`,
      "",
    );
  }

  const w = r.apiWrite;
  lines.push("## API write: POST /api/orders on PostgreSQL", "");
  if (!w || w.failed) lines.push(`Did not finish (${w?.failed}).`, "");
  else {
    lines.push(
      `Command: \`${w.command}\` — ${w.database}, ${w.connections} concurrent clients, ${w.durationSeconds} s after ${w.warmupSeconds} s warm-up.`,
      "",
      "| path | orders/s | p50 ms | p99 ms |",
      "|---|---|---|---|",
      `| POST /api/orders (HTTP, token, validation, Drizzle) | ${w.api.ordersPerSecond} | ${w.api.latencyMs.p50} | ${w.api.latencyMs.p99} |`,
      `| the same transaction through \`pg\` (pool of ${w.directDriver.poolSize}) | ${w.directDriver.ordersPerSecond} | ${w.directDriver.latencyMs.p50} | ${w.directDriver.latencyMs.p99} |`,
      "",
      `Ratio to the direct driver: **${w.ratioToDirectDriver}**. Answers: ${w.api.responses["2xx"]} created, ${w.api.responses.non2xx} non-2xx, ${w.api.responses.errors} errors. Database check: ${w.check.ordersInDatabase} orders, ${w.check.stockTaken} units taken — ${w.check.consistent ? "consistent" : "**INCONSISTENT**"}.`,
      "",
    );
  }

  const s = r.startup;
  lines.push("## Start-up (PGlite, the default `npm start`)", "");
  if (!s || s.failed) lines.push(`Did not finish (${s?.failed}).`, "");
  else {
    lines.push(
      `Command: \`${s.command}\`; ${s.measures}.`,
      "",
      `- \`npm run build\`: ${s.buildSeconds} s`,
      `- cold start (empty DATA_DIR: create the database, migrate, seed): ${s.coldStartSeconds} s → cold \`npm start\` ≈ ${s.npmStartColdSeconds} s`,
      `- warm start (same DATA_DIR): ${s.warmStartSeconds} s → warm \`npm start\` (it rebuilds first) ≈ ${s.npmStartWarmSeconds} s`,
      "",
    );
  }

  const web = r.webWeight;
  lines.push("## Web: what `/` loads", "");
  if (!web || web.failed) lines.push(`Did not finish (${web?.failed}).`, "");
  else {
    lines.push(
      `Command: \`${web.command}\` (gzip level 9).`,
      "",
      `- JavaScript: ${web.jsGzipKb} KB gzipped (budget ${web.jsBudgetKb} KB: ${check(web.withinBudget)}); CSS: ${web.cssGzipKb} KB gzipped`,
      ...web.files.map((f) => `  - ${f.url}: ${f.bytes} B, ${f.gzipBytes} B gzipped`),
      "",
    );
  }

  const lh = r.lighthouse;
  lines.push("## Lighthouse on `/` (mobile preset)", "");
  if (!lh || lh.failed) lines.push(`Did not finish (${lh?.failed}).`, "");
  else {
    const row = (name, key) =>
      `| ${name} | ${lh.scores[key]} | ${lh.targets[key]} | ${check(lh.scores[key] >= lh.targets[key])} |`;
    lines.push(
      `Command: \`${lh.command}\` — Lighthouse ${lh.lighthouseVersion}, ${lh.chromium}.`,
      "",
      "| category | score | target | met |",
      "|---|---|---|---|",
      row("performance", "performance"),
      row("accessibility", "accessibility"),
      row("best practices", "bestPractices"),
      row("SEO", "seo"),
      "",
      `LCP ${lh.metrics.lcpMs} ms, TBT ${lh.metrics.tbtMs} ms, CLS ${lh.metrics.cls}, FCP ${lh.metrics.fcpMs} ms (simulated slow 4G and 4x CPU slowdown, on top of this machine's own load).`,
      lh.auditsBelow90.length
        ? `Audits below 0.9: ${lh.auditsBelow90.join("; ")}.`
        : "Every weighted audit scores 0.9 or more.",
      "",
    );
  }
  return `${lines.join("\n")}\n`;
}

/** The ceiling's CPU time per answer over the API's: the share of the bare server's speed the API keeps. */
function cpuRatio(endpoint) {
  const api = endpoint.api.cpuMicrosPerAnswer;
  const bare = endpoint.ceiling.cpuMicrosPerAnswer;
  return api && bare ? (bare / api).toFixed(2) : "n/a";
}
