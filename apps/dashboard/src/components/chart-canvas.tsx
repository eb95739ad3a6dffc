import {
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// What every chart of the dashboard draws with (a line over categories); a chart that needs more,
// such as bars, registers its own parts, so no chunk carries a chart type it does not draw.
Chart.register(
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

export { Chart };

/**
 * A Chart.js chart on a canvas, drawn again whenever `config` changes (so the caller memoises
 * it). Import it only from a module loaded with React.lazy, so no other page downloads the chart
 * library. Where the browser cannot draw on a canvas nothing is drawn: each chart of the
 * dashboard has a table with every figure. `summary` says what the picture shows, for screen
 * readers.
 */
export function ChartCanvas({
  className,
  config,
  summary,
}: {
  className: string;
  config: ChartConfiguration;
  summary: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current?.getContext('2d')) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className={className}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
