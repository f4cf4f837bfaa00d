import { useEffect, useState } from 'react';
import type { BitMatrix } from 'qrcode';
import styles from './two-factor.module.css';

/** The light border scanners need around the code, in modules. */
const QUIET_ZONE = 4;

type Drawing = { size: number; path: string };

/** One SVG path of the dark modules: a few kilobytes however large the code. */
function drawingOf(modules: BitMatrix): Drawing {
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) path += `M${column} ${row}h1v1h-1z`;
    }
  }
  return { size: modules.size, path };
}

/**
 * A QR code of `text`, drawn once the encoder has loaded: it is fetched only here, so only
 * this page pays for it. Its box has a fixed size, so nothing moves when it appears; if the
 * encoder cannot load, the box stays empty and the key beside it still works.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [drawing, setDrawing] = useState<Drawing | null>(null);

  useEffect(() => {
    let current = true;
    import('qrcode').then(
      (qrcode) => {
        if (current) setDrawing(drawingOf(qrcode.create(text, { errorCorrectionLevel: 'M' }).modules));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [text]);

  const box = drawing ? drawing.size + 2 * QUIET_ZONE : 1;
  return (
    <div className={styles.qr}>
      {drawing && (
        <svg role="img" aria-label={label} viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`} shapeRendering="crispEdges">
          <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#fff" />
          <path d={drawing.path} fill="#000" />
        </svg>
      )}
    </div>
  );
}
