import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { ChartCanvas } from '../../../components/chart-canvas.tsx';

export interface TrendChartProps {
  /** One label per month. */
  labels: readonly string[];
  /** Whole dollars per square foot; null for a month without sales. */
  values: readonly (number | null)[];
  seriesLabel: string;
  /**
   * What the chart shows, for screen readers. The canvas is a picture; the table below it is its
   * accessible equivalent with every figure (as in Admin → Reports, decision 029).
   */
  summary: string;
}

const PRIMARY = '#1e3a8a';
const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/**
 * The area's median price per square foot by month, a line on Chart.js (the library Admin →
 * Reports uses). Loaded on its own (React.lazy) when a report with a trend is shown. Where the
 * browser cannot draw on a canvas nothing is drawn: the table carries every figure.
 */
export default function TrendChart({ labels, values, seriesLabel, summary }: TrendChartProps) {
  const config = useMemo(
    (): ChartConfiguration<'line', (number | null)[]> => ({
      type: 'line',
      data: {
        labels: [...labels],
        datasets: [
          {
            label: seriesLabel,
            data: [...values],
            borderColor: PRIMARY,
            backgroundColor: PRIMARY,
            pointRadius: 3,
            tension: 0.2,
            spanGaps: false,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { ticks: { callback: (v) => money(Number(v)) } } },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: { label: (c) => `${seriesLabel}: ${money(c.parsed.y ?? 0)}` },
          },
        },
      },
    }),
    [labels, values, seriesLabel],
  );
  return <ChartCanvas className="vl-chart" config={config} summary={summary} />;
}
