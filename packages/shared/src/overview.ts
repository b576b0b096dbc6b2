import { z } from "zod";

/** The periods the owner's overview offers (GET /api/overview?days=). */
export const overviewPeriods = [30, 90] as const;
export type OverviewPeriod = (typeof overviewPeriods)[number];
export const DEFAULT_OVERVIEW_PERIOD: OverviewPeriod = 30;
/** How many tools the top-tools list and the low-stock list show at most. */
export const OVERVIEW_TOP_TOOLS = 5;
export const OVERVIEW_LOW_STOCK_LIMIT = 10;

/** GET /api/overview?days=30|90: the query string (absent: 30). */
export const overviewQuerySchema = z.object({
  days: z
    .enum(["30", "90"], { error: "days must be 30 or 90" })
    .default("30")
    .transform((days) => Number(days) as OverviewPeriod)
    .describe("The period in days, ending today (UTC): 30 or 90; 30 when absent"),
});

const amount = z.number().describe("In currency units (12.5 is 12.50)");

export const overviewDaySchema = z.object({
  /** The UTC calendar day, YYYY-MM-DD. */
  day: z.string(),
  revenue: amount,
  paidOrders: z.number().int(),
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const overviewTopToolSchema = z.object({
  toolId: z.uuid(),
  name: z.string(),
  revenue: amount,
  quantity: z.number().int(),
});

export const overviewLowStockSchema = z.object({
  toolId: z.uuid(),
  name: z.string(),
  availableQuantity: z.number().int(),
  /** The owner's threshold for the tool, or its minimum order quantity times two when none is set. */
  threshold: z.number().int(),
  thresholdIsDefault: z.boolean(),
});

/** GET /api/overview (admins): the owner's view of the business. */
export const overviewSchema = z.object({
  days: z.number().int(),
  /** Every day of the period, oldest first, those without a paid order at zero. */
  series: z.array(overviewDaySchema),
  totals: z.object({ revenue: amount, paidOrders: z.number().int() }),
  topTools: z.array(overviewTopToolSchema),
  lowStock: z.object({
    /** How many tools are below their threshold; `tools` lists the lowest OVERVIEW_LOW_STOCK_LIMIT. */
    count: z.number().int(),
    tools: z.array(overviewLowStockSchema),
  }),
  /** As GET /api/quotes/open-count: up to 99, `more` beyond. */
  openQuotes: z.object({ count: z.number().int(), more: z.boolean() }),
  unpaidOrders: z.number().int(),
});
export type Overview = z.infer<typeof overviewSchema>;
