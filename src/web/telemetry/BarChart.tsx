import { useId } from 'react';
import styles from './admin.module.css';

type Point = { day: string; count: number };

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { top: 8, bottom: 22, left: 32, right: 4 };

/**
 * Counts per day as bars in inline SVG: no chart library, and the server renders it. The figure
 * is titled and its numbers are in a visually hidden table for screen readers.
 */
export function BarChart({ title, points, totalLabel }: { title: string; points: readonly Point[]; totalLabel: string }) {
  const id = useId();
  const max = Math.max(1, ...points.map((p) => p.count));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, points.length);
  const total = points.reduce((sum, p) => sum + p.count, 0);
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-title`} data-chart={title}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`} role="img" aria-labelledby={`${id}-title`}>
        <line className={styles.axis} x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} />
        <text className={styles.label} x={PAD.left - 4} y={PAD.top + 8} textAnchor="end">
          {max}
        </text>
        <text className={styles.label} x={PAD.left - 4} y={HEIGHT - PAD.bottom} textAnchor="end">
          0
        </text>
        {points.map((p, i) => {
          const h = (p.count / max) * plotH;
          return (
            <rect key={p.day} className={styles.bar} x={PAD.left + i * step + step * 0.15} width={step * 0.7} y={HEIGHT - PAD.bottom - h} height={h}>
              <title>{`${p.day}: ${String(p.count)}`}</title>
            </rect>
          );
        })}
        {points.length > 0 && (
          <>
            <text className={styles.label} x={PAD.left} y={HEIGHT - 6}>
              {points[0]?.day.slice(5)}
            </text>
            <text className={styles.label} x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
              {points.at(-1)?.day.slice(5)}
            </text>
          </>
        )}
      </svg>
      <p className={styles.total}>
        {totalLabel}: {total}
      </p>
    </figure>
  );
}
