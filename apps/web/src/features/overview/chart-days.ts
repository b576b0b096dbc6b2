// What the overview's chart and its text say about a day, kept apart from uPlot so that it is tested
// without a canvas: the x range that leaves room for the first and last days' bars, the day the legend
// shows, and the counts' words.
import type { OverviewDay } from "@toolshop/shared/overview";
import { formatCount } from "../../lib/format";

const HALF_DAY_SECONDS = 12 * 60 * 60;
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** A day's start (UTC) in seconds, where the chart puts its bar's centre. */
export const dayStartSeconds = (day: OverviewDay) => Date.parse(`${day.day}T00:00:00Z`) / 1000;

/** "Mar 4": a UTC day as the overview names it. */
export const dayLabel = (day: OverviewDay) => dayFormat.format(new Date(`${day.day}T00:00:00Z`));

/**
 * The x scale's range: half a day beyond the first and the last day, as a bar is centred on its day;
 * the data's own range cut the first and today's bars in half at the edges.
 */
export function paddedDayRange(min: number, max: number): [number, number] {
  return [min - HALF_DAY_SECONDS, max + HALF_DAY_SECONDS];
}

/**
 * The day the legend describes: the hovered one, or the last (today) while nothing is hovered, so
 * that the legend always reads real figures instead of uPlot's "--" and "–".
 */
export function legendDay(series: readonly OverviewDay[], hovered: number | null): OverviewDay | undefined {
  return series[hovered ?? series.length - 1];
}

/** "1 paid order", "2 paid orders". */
export const paidOrdersText = (count: number) =>
  `${formatCount(count)} paid ${count === 1 ? "order" : "orders"}`;
