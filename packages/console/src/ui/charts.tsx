/**
 * Small charts drawn as inline SVG by the console itself (no charting library, nothing fetched,
 * no inline style: colours come from the stylesheet, so the strict CSP holds). Each chart is an
 * image with a summary in words for screen readers; the figures behind it are the page's own.
 */
const WIDTH = 320;
const HEIGHT = 110;
const PAD = { top: 8, right: 8, bottom: 18, left: 36 };
const innerW = WIDTH - PAD.left - PAD.right;
const innerH = HEIGHT - PAD.top - PAD.bottom;

function Axis(props: { max: number; unit: string; from: string; to: string }) {
  return (
    <g class="chart-axis">
      <line x1={PAD.left} y1={PAD.top + innerH} x2={WIDTH - PAD.right} y2={PAD.top + innerH} />
      <text x={PAD.left - 4} y={PAD.top + 8} text-anchor="end">
        {props.max}
        {props.unit}
      </text>
      <text x={PAD.left - 4} y={PAD.top + innerH} text-anchor="end">
        0
      </text>
      <text x={PAD.left} y={HEIGHT - 4}>
        {props.from}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 4} text-anchor="end">
        {props.to}
      </text>
    </g>
  );
}

export interface StackedBar {
  good: number;
  bad: number;
}

/** Bars of two stacked counts (e.g. succeeded below, failed above), one per time slice. */
export function StackedBars(props: {
  label: string;
  bars: StackedBar[];
  from: string;
  to: string;
}) {
  const max = Math.max(1, ...props.bars.map((b) => b.good + b.bad));
  const slot = innerW / Math.max(1, props.bars.length);
  const scale = (n: number) => (n / max) * innerH;
  return (
    <svg class="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={props.label}>
      <Axis max={max} unit="" from={props.from} to={props.to} />
      {props.bars.map((bar, i) => {
        const x = PAD.left + i * slot + slot * 0.15;
        const w = slot * 0.7;
        const goodH = scale(bar.good);
        const badH = scale(bar.bad);
        const base = PAD.top + innerH;
        return (
          <g key={i}>
            {bar.good > 0 && (
              <rect class="chart-good" x={x} y={base - goodH} width={w} height={goodH} />
            )}
            {bar.bad > 0 && (
              <rect class="chart-bad" x={x} y={base - goodH - badH} width={w} height={badH} />
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** A line through the points that have a value (a gap where a slice had none). */
export function LineChart(props: {
  label: string;
  values: (number | null)[];
  unit: string;
  from: string;
  to: string;
}) {
  const max = Math.max(1, ...props.values.map((v) => v ?? 0));
  const slot = innerW / Math.max(1, props.values.length);
  const points = props.values.flatMap((v, i) =>
    v === null
      ? []
      : [{ x: PAD.left + i * slot + slot / 2, y: PAD.top + innerH - (v / max) * innerH }],
  );
  return (
    <svg class="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={props.label}>
      <Axis max={max} unit={props.unit} from={props.from} to={props.to} />
      {points.length > 1 && (
        <polyline class="chart-line" points={points.map((p) => `${p.x},${p.y}`).join(' ')} />
      )}
      {points.map((p, i) => (
        <circle key={i} class="chart-dot" cx={p.x} cy={p.y} r={2.5} />
      ))}
    </svg>
  );
}
