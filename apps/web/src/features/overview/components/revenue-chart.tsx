// The overview's chart, drawn by uPlot (decision 0046): loaded with this module only when the chart
// is shown, so the dashboard's first JavaScript carries none of it. The figures it draws are also in
// the table beside it, which is what screen readers read; the canvas itself is hidden from them.
import type { OverviewDay } from "@toolshop/shared/overview";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatCount, formatPrice } from "../../../lib/format";
import { dayLabel, dayStartSeconds, legendDay, paddedDayRange } from "../chart-days";

const HEIGHT = 260;
const REVENUE_COLOR = "#2563eb";
const ORDERS_COLOR = "#d97706";
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

function options(width: number, days: OverviewDay[]): uPlot.Options {
  // The legend's values are the hovered day's, or today's while nothing is hovered.
  const shown = (idx: number | null | undefined) => legendDay(days, idx ?? null);
  return {
    width,
    height: HEIGHT,
    // The days are UTC days (the server's): labelled as such, not shifted into the browser's zone.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
    scales: {
      x: { time: true, range: (_u, min, max) => paddedDayRange(min, max) },
      orders: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    series: [
      {
        label: "Day",
        value: (_u, _value, _s, idx) => {
          const day = shown(idx);
          return day ? dayLabel(day) : "";
        },
      },
      {
        label: "Revenue",
        scale: "revenue",
        stroke: REVENUE_COLOR,
        fill: `${REVENUE_COLOR}66`,
        paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
        value: (_u, _value, _s, idx) => formatPrice(shown(idx)?.revenue ?? 0),
      },
      {
        label: "Paid orders",
        scale: "orders",
        stroke: ORDERS_COLOR,
        width: 2,
        value: (_u, _value, _s, idx) => formatCount(shown(idx)?.paidOrders ?? 0),
      },
    ],
    axes: [
      { space: 50 },
      { scale: "revenue", size: 56, values: (_u, splits) => splits.map((v) => compact.format(v)) },
      {
        scale: "orders",
        side: 1,
        size: 40,
        grid: { show: false },
        values: (_u, splits) => splits.map((v) => formatCount(v)),
      },
    ],
  };
}

/** Revenue as bars and paid orders as a line, per day; as wide as its box, redrawn when that changes. */
export default function RevenueChart({ series }: { series: OverviewDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      series.map(dayStartSeconds),
      series.map((day) => day.revenue),
      series.map((day) => day.paidOrders),
    ];
    const plot = new uPlot(options(element.clientWidth, series), data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series]);
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" data-testid="revenue-chart" />;
}
