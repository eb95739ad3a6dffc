import type { ChartConfiguration } from 'chart.js';
import { BarController, BarElement } from 'chart.js';
import { useMemo } from 'react';
import { Chart, ChartCanvas } from '../../../components/chart-canvas.tsx';
import type { ChartSeries } from './chart-data.ts';

// The bars on top of the shared line chart's parts, so the chunk carries no other chart type.
Chart.register(BarController, BarElement);

export interface AnalyticsChartProps {
  kind: 'line' | 'bar';
  /** One label per day. */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /**
   * What the chart shows, for screen readers. The canvas is a picture; the table below it is its
   * accessible equivalent with every figure (as in Admin → Reports, decision 029).
   */
  summary: string;
}

/**
 * A chart of counts by day on Chart.js (the library Admin → Reports uses). Loaded on its own
 * (React.lazy) by the Analytics tab only, so no other page downloads the chart library.
 */
export default function AnalyticsChart({ kind, labels, series, summary }: AnalyticsChartProps) {
  const config = useMemo(
    (): ChartConfiguration => ({
      type: kind,
      data: {
        labels: [...labels],
        datasets: series.map((s) => ({
          label: s.label,
          data: [...s.values],
          backgroundColor: s.colour,
          borderColor: s.colour,
          ...(kind === 'line' ? { pointRadius: labels.length > 60 ? 0 : 3, tension: 0.2 } : {}),
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: 'bottom' } },
      },
    }),
    [kind, labels, series],
  );
  return <ChartCanvas className="la-chart" config={config} summary={summary} />;
}
