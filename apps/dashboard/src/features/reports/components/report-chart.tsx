import { formatCents } from '@lantern/domain';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the pieces a stacked bar chart uses, so the chunk carries no other chart type.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface ChartSeries {
  label: string;
  values: readonly number[];
  colour: string;
}

export interface ReportChartProps {
  /** The x axis: one label per month. */
  labels: readonly string[];
  /** Stacked on each other in every month. */
  series: readonly ChartSeries[];
  /** Values are integer cents (shown as dollars) or counts. */
  unit: 'cents' | 'count';
  /**
   * What the chart shows, for screen readers. The canvas is a picture; the table beside it is
   * its accessible equivalent with every figure (docs/decisions/029-reports.md).
   */
  summary: string;
}

const format = (unit: ReportChartProps['unit'], n: number) =>
  unit === 'cents' ? formatCents(Math.round(n)) : n.toLocaleString('en-US');

/**
 * A stacked bar chart on Chart.js. Loaded on its own (React.lazy) by the Reports page only, so
 * no other page downloads the chart library.
 */
export default function ReportChart({ labels, series, unit, summary }: ReportChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: [...labels],
        datasets: series.map((s) => ({
          label: s.label,
          data: [...s.values],
          backgroundColor: s.colour,
          stack: 'all',
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked: true },
          y: {
            stacked: true,
            beginAtZero: true,
            ticks: {
              callback: (v) => format(unit, Number(v)),
              ...(unit === 'count' ? { precision: 0 } : {}),
            },
          },
        },
        plugins: {
          legend: { position: 'bottom' },
          tooltip: {
            callbacks: {
              label: (c) => `${c.dataset.label ?? ''}: ${format(unit, c.parsed.y ?? 0)}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series, unit]);
  return (
    <div className="rpt-chart">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
