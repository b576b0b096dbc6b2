// The markdown of issue 48's order rows at the large size (bench/orders-large.mjs) and of its catalogue
// targets, read from the large-size catalogue run (api-read.mjs): figures, ratios, targets met or not.
const yes = (met) => (met ? "yes" : "**no**");
const codes = (row) =>
  Object.entries(row.statusCodes ?? {})
    .map(([code, count]) => `${code}: ${count}`)
    .join(", ");

export function ordersLargeSection(r) {
  const o = r.ordersLarge;
  const tools = r.apiReadLarge?.endpoints?.["GET /api/tools"];
  if (!o && !tools) return [];
  const lines = ["## Issue 48: orders and the catalogue at the large size (PostgreSQL)", ""];
  if (o?.failed) lines.push(`The order rows did not finish (${o.failed}).`, "");
  const rows = [];
  if (o && !o.failed) {
    const t = o.targets;
    const random = o.randomThreeTools;
    const apiSale = o.sale.rounds.api.map((x) => x.ordersPerSecond);
    const driverSale = o.sale.rounds.driver.map((x) => x.ordersPerSecond);
    const flow = o.paidFlow;
    lines.push(
      `Command: \`${o.command}\` — ${o.database}, a clone of \`${o.template.name}\`; ${o.loadGenerator}, ${o.connections} connections, ${o.secondsPerSample} s per sample after ${o.warmupSeconds} s of the same load; ${o.pinning}; ${o.customers} signed-in customers in turn.`,
      "",
      "| row | orders/s | p50 / p99 ms | answers | server CPU µs per answer | saturated |",
      "|---|---|---|---|---|---|",
      `| three random tools (POST /api/orders, three lines from the catalogue at their minimum) | ${random.ordersPerSecond} | ${random.p50} / ${random.p99} | ${codes(random)} | ${random.cpuMicrosPerAnswer} | ${random.saturated} |`,
      ...o.sale.rounds.api.map(
        (api, turn) =>
          `| sale, round ${turn + 1}: the same three tools, API / \`pg\` (pool of 10) | ${api.ordersPerSecond} / ${o.sale.rounds.driver[turn].ordersPerSecond} | ${api.p50} / ${api.p99} (pg ${o.sale.rounds.driver[turn].p50} / ${o.sale.rounds.driver[turn].p99}) | ${codes(api)} | ${api.cpuMicrosPerAnswer} | ${api.saturated} |`,
      ),
      `| paid flow (place three lines, start the payment, pay 4242 on the test gateway), paid orders/s | ${flow.paidPerSecond} | flow ${flow.flowLatencyMs.p50} / ${flow.flowLatencyMs.p99}; requests ${flow.requests.p50} / ${flow.requests.p99} | ${codes(flow.requests)} | ${flow.requests.cpuMicrosPerAnswer} | ${flow.requests.saturated} |`,
      "",
      `Sale: API ${apiSale.join(", ")} against \`pg\` ${driverSale.join(", ")} orders/s; ratios ${o.sale.ratios.join(", ")}, median **${o.sale.ratio}**. Paid flow: ${flow.paidInDatabase} orders paid in the database over its warm-up and run.`,
      "",
    );
    rows.push(
      [
        `three random tools >= ${t.randomPerSecond} orders/s, p99 < ${t.randomP99Ms} ms`,
        `${random.ordersPerSecond} orders/s, p99 ${random.p99} ms`,
        random.meetsTarget,
      ],
      ["sale within 1.5x of `pg` (ratio >= 0.67)", `${o.sale.ratio}`, o.sale.meetsTarget],
      [`paid flow >= ${t.paidPerSecond} paid orders/s`, `${flow.paidPerSecond}`, flow.meetsTarget],
    );
  }
  if (tools && !r.apiReadLarge.failed) {
    rows.push(
      [
        `catalogue (${r.apiReadLarge.catalogueTools} tools) through Fastify >= 0.5 of the ceiling`,
        `${tools.ratioToCeiling} (API ${tools.api?.requestsPerSecond} / ceiling ${tools.ceiling?.requestsPerSecond} req/s)`,
        tools.ratioToCeiling >= 0.5,
      ],
      [
        "… and >= 3x the naive peer",
        tools.ratioToNaive === null
          ? "∞ (the naive peer answered none in a round)"
          : `${tools.ratioToNaive}x`,
        tools.ratioToNaive === null || tools.ratioToNaive >= 3,
      ],
    );
  }
  if (o?.profileNotes) lines.push(...o.profileNotes.map((note) => `- ${note}`), "");
  lines.push(
    "| issue 48 target | figure | met |",
    "|---|---|---|",
    ...rows.map(([target, figure, met]) => `| ${target} | ${figure} | ${yes(met)} |`),
    "",
  );
  return lines;
}
