import { BarChart } from 'chartist';
import 'chartist/dist/index.css';
import { useEffect, useRef } from 'react';
import type { FinanceDay } from '@domain/finance.js';

const compactBRL = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A label every few days, so they never overlap: about one per 44 px of width. */
function labelStep(count: number, width: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, Math.floor(width / 44))));
}

/**
 * The bars (Chartist, SVG): loaded lazily by daily-receipts.tsx, the only module that imports the library. Hidden
 * from assistive technology: the section's sentence and table say the same.
 */
export default function DailyReceiptsChart({ days }: { days: FinanceDay[] }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = element.clientWidth || 320;
    const step = labelStep(days.length, width - 64);
    const oneMonth = days.length > 0 && days[0]!.day.slice(0, 7) === days.at(-1)!.day.slice(0, 7);
    const barWidth = Math.max(2, Math.min(16, ((width - 72) / Math.max(days.length, 1)) * 0.35));
    const highest = Math.max(0, ...days.map((day) => Math.max(day.received, day.refunded)));
    const chart = new BarChart(
      element,
      {
        labels: days.map((day) => (oneMonth ? day.day.slice(8) : `${day.day.slice(8)}/${day.day.slice(5, 7)}`)),
        // Received beside refunded, each day: a day whose money went back shows it next to what came in.
        series: [days.map((day) => day.received), days.map((day) => day.refunded)],
      },
      {
        height: '220px',
        seriesBarDistance: barWidth + 1,
        chartPadding: { top: 12, right: 8, bottom: 0, left: 8 },
        // An empty period still shows its axis (R$ 0 to R$ 1), not a collapsed chart.
        ...(highest === 0 ? { high: 1, low: 0 } : {}),
        axisX: {
          showGrid: false,
          labelInterpolationFnc: (label, index) => (index % step === 0 ? label : null),
        },
        axisY: {
          offset: 64,
          onlyInteger: true,
          // A grid line every 40 px or more: five or so values on 220 px, never a ladder of R$ 50 steps.
          scaleMinSpace: 40,
          labelInterpolationFnc: (value) => compactBRL.format(Number(value)),
        },
      },
    );
    chart.on('draw', (event) => {
      if (event.type === 'bar') event.element.attr({ style: `stroke-width: ${barWidth}px` });
    });
    return () => {
      chart.detach();
    };
  }, [days]);
  return <div ref={container} className="finance-chart__plot" aria-hidden="true" data-testid="finance-chart" />;
}
