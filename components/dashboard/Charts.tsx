"use client";
// A client component for its markup's sake: the HTML carries that markup, the RSC payload only the props.

import type { ReactNode } from "react";
import type { ActivityDay, SpendDay } from "@/lib/dashboard";
import { displayMoney, minorDigits } from "@/lib/money";

// Hand-written SVG, drawn on the server: a few rects and a polyline per chart. The charting
// libraries that draw SVG (Recharts, visx, Chart.js) measure or render in a browser's DOM or
// canvas; these charts must read the same without JavaScript, and this much SVG doesn't earn a
// dependency. Each chart is an image with a summary (role="img", title), and the numbers are a
// table under it (<details>), for screen readers and for anyone who'd rather read.

// The plot's own units: the SVG stretches to the card's width (preserveAspectRatio="none") at a
// fixed 160 px height, so one unit up is one pixel, and every word (the axes' labels) is HTML at
// the page's type size: text inside a scaled SVG came out at 7 px on a desktop and 4 px on a phone.
const W = 720;
const H = 160;
const PAD = { top: 8, bottom: 1, left: 0, right: 0 };
const SERIES = [
  { key: "sent", label: "Sent", colour: "#7dd3fc" },
  { key: "opened", label: "Opened", colour: "#6366f1" },
  { key: "redeemed", label: "Redeemed", colour: "#047857" },
] as const;

const number = (n: number) => n.toLocaleString("en-US");
/** A count on the axis: whole numbers only (half of 3 reads 2). */
const count = (n: number) => number(Math.round(n));
// Coordinates to a tenth of a unit (a 720-wide view box): 17 digits each made up much of the charts' markup.
const r = (n: number) => Math.round(n * 10) / 10;
const shortDay = (day: string) =>
  `${Number(day.slice(8))} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Number(day.slice(5, 7)) - 1]}`;

/** Bars standing on the plot's floor as one SVG path: a rectangle each (those of no height left out). */
function bars(items: { x: number; width: number; height: number }[]): string {
  const floor = H - PAD.bottom;
  return items
    .filter((b) => r(b.height) > 0)
    .map((b) => `M${r(b.x)} ${r(floor - b.height)}h${r(b.width)}v${r(b.height)}h${-r(b.width)}z`)
    .join("");
}

/**
 * The plot and its axes: the values up the side (the top, the middle, zero), the days along the
 * bottom (about six, the last one kept inside the card), and the chart itself between them.
 */
function Plot({
  label,
  days,
  slot,
  top,
  children,
}: {
  label: string;
  days: string[];
  slot: number;
  /** The value at the top of the plot, as its label says it. */
  top: { value: number; say: (value: number) => string };
  children: ReactNode;
}) {
  const every = Math.max(1, Math.ceil(days.length / 6));
  const plot = H - PAD.top - PAD.bottom;
  return (
    <div className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
      <div
        className="flex h-40 flex-col justify-between pb-5 text-right text-xs tabular-nums text-stone-600"
        aria-hidden="true"
        data-testid="y-axis"
      >
        <span>{top.say(top.value)}</span>
        <span>{top.say(top.value / 2)}</span>
        <span>{top.say(0)}</span>
      </div>
      <div className="min-w-0">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={label}
          className="block h-[8.75rem] w-full"
        >
          {[PAD.top, PAD.top + plot / 2].map((y) => (
            <line key={y} x1={0} x2={W} y1={y} y2={y} stroke="#e7e5e4" vectorEffect="non-scaling-stroke" />
          ))}
          {children}
          <line
            x1={0}
            x2={W}
            y1={PAD.top + plot}
            y2={PAD.top + plot}
            stroke="#d6d3d1"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <div className="relative h-5 text-xs text-stone-600" aria-hidden="true" data-testid="x-axis">
          {days.map((day, i) => {
            if (i % every !== 0) return null;
            const at = ((i + 0.5) * slot * 100) / W;
            const shift = at < 8 ? "0" : at > 88 ? "-100%" : "-50%";
            return (
              <span
                key={day}
                className="absolute top-1 whitespace-nowrap"
                style={{ left: `${r(at)}%`, transform: `translateX(${shift})` }}
              >
                {shortDay(day)}
              </span>
            );
          })}
        </div>
      </div>
    </div>
  );
}

export function ActivityChart({ days }: { days: ActivityDay[] }) {
  const totals = SERIES.map((s) => days.reduce((n, d) => n + d[s.key], 0));
  const max = Math.max(1, ...days.flatMap((d) => SERIES.map((s) => d[s.key])));
  const slot = (W - PAD.left - PAD.right) / Math.max(1, days.length);
  const bar = Math.max(1, (slot * 0.8) / SERIES.length);
  const plot = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + i * slot;
  const summary = `${days.length > 0 ? `${shortDay(days[0].day)} to ${shortDay(days[days.length - 1].day)}` : "No days"}: ${SERIES.map((s, i) => `${number(totals[i])} ${s.label.toLowerCase()}`).join(", ")}`;
  return (
    <figure className="rounded-xl border border-stone-200 bg-white p-4" data-testid="activity-chart">
      <figcaption className="text-sm font-semibold">
        Gifts sent, opened and redeemed per day <span className="font-normal text-stone-600">({summary})</span>
      </figcaption>
      <p className="mt-1 text-xs text-stone-600" data-testid="activity-counts">
        What happened on each day shown (UTC) to this view&apos;s gifts: a gift sent before these days and opened in
        them counts as opened only, so these totals can differ from the funnel&apos;s, which counts each gift once.
      </p>
      <Legend items={SERIES.map((s, i) => ({ label: `${s.label} ${number(totals[i])}`, colour: s.colour }))} />
      <Plot label={`Chart: ${summary}`} days={days.map((d) => d.day)} slot={slot} top={{ value: max, say: count }}>
        {/* One path a series (a bar a day as a closed rectangle): 3 elements rather than 3 a day, in the HTML and the RSC payload alike. */}
        {SERIES.map((s, k) => (
          <path
            key={s.key}
            d={bars(days.map((d, i) => ({ x: x(i) + k * bar, width: bar, height: (d[s.key] / max) * plot })))}
            fill={s.colour}
          />
        ))}
      </Plot>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer underline">The numbers</summary>
        <table className="mt-2 w-full text-left tabular-nums" data-testid="activity-table">
          <caption className="sr-only">Gifts sent, opened and redeemed per day (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col" className="text-right">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="font-normal">
                  {d.day}
                </th>
                {SERIES.map((s) => (
                  <td key={s.key} className="text-right">
                    {number(d[s.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {totals.map((t, i) => (
                <td key={SERIES[i].key} className="text-right font-semibold">
                  {number(t)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </details>
    </figure>
  );
}

type Spend = {
  days: SpendDay[];
  spentCents: number;
  monthlyLimitCents: number | null;
  currency: string;
  period: string;
};

export function SpendChart({ spend }: { spend: Spend }) {
  const { days, spentCents, monthlyLimitCents, currency } = spend;
  const money = (minor: number) => displayMoney(minor, currency);
  // The axis's top in whole units ("$2,500", "€40", "¥5,000").
  const unit = 10 ** minorDigits(currency);
  const max = Math.max(1, spentCents, monthlyLimitCents ?? 0);
  const plot = H - PAD.top - PAD.bottom;
  // The month so far on the x axis (a week at least), so the 2nd is not a line in 31 days of nothing;
  // the running total is read against the budget line all the same.
  const [year, month] = spend.period.split("-").map(Number);
  const monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const shown = Math.min(monthDays, Math.max(7, days.length));
  const slot = (W - PAD.left - PAD.right) / shown;
  const x = (i: number) => PAD.left + i * slot;
  const y = (cents: number) => PAD.top + plot - (cents / max) * plot;
  const left = monthlyLimitCents === null ? null : monthlyLimitCents - spentCents;
  const summary =
    monthlyLimitCents === null
      ? `${money(spentCents)} spent in ${spend.period}; no monthly budget set`
      : `${money(spentCents)} of a ${money(monthlyLimitCents)} budget spent in ${spend.period}; ${left! >= 0 ? `${money(left!)} left` : `${money(-left!)} over`}`;
  const line = days.map((d, i) => `${r(x(i) + slot / 2)},${r(y(d.cumulativeCents))}`).join(" ");
  return (
    <figure className="rounded-xl border border-stone-200 bg-white p-4" data-testid="spend-chart">
      <figcaption className="text-sm font-semibold">
        Spend this month <span className="font-normal text-stone-600">({summary})</span>
      </figcaption>
      <Legend
        items={[
          { label: "Spent that day", colour: "#a8a29e" },
          { label: "Running total", colour: "#b91c1c" },
          ...(monthlyLimitCents === null ? [] : [{ label: "Monthly budget", colour: "#1c1917", dashed: true }]),
        ]}
      />
      <Plot
        label={`Chart: ${summary}`}
        days={Array.from({ length: shown }, (_, i) => `${spend.period}-${String(i + 1).padStart(2, "0")}`)}
        slot={slot}
        top={{ value: max, say: (minor) => money(Math.round(minor / unit) * unit).replace(/\.0+$/, "") }}
      >
        <path
          d={bars(
            days.map((d, i) => ({ x: x(i) + slot * 0.15, width: slot * 0.7, height: PAD.top + plot - y(d.cents) })),
          )}
          fill="#a8a29e"
        />
        {monthlyLimitCents !== null && (
          <line
            x1={0}
            x2={W}
            y1={r(y(monthlyLimitCents))}
            y2={r(y(monthlyLimitCents))}
            stroke="#1c1917"
            strokeDasharray="6 4"
            vectorEffect="non-scaling-stroke"
          />
        )}
        {days.length > 0 && (
          <polyline points={line} fill="none" stroke="#b91c1c" strokeWidth="2" vectorEffect="non-scaling-stroke" />
        )}
      </Plot>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer underline">The numbers</summary>
        <table className="mt-2 w-full text-left tabular-nums" data-testid="spend-table">
          <caption className="sr-only">Spend per day this month (UTC), and the running total</caption>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col" className="text-right">
                Spent
              </th>
              <th scope="col" className="text-right">
                Running total
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="font-normal">
                  {d.day}
                </th>
                <td className="text-right">{money(d.cents)}</td>
                <td className="text-right">{money(d.cumulativeCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function Legend({ items }: { items: { label: string; colour: string; dashed?: boolean }[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1">
          <span
            className="inline-block h-2.5 w-4 rounded-sm"
            style={item.dashed ? { borderTop: `2px dashed ${item.colour}` } : { background: item.colour }}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
