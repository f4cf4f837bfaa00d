import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { keyed, moveBy, normalise, resizeBy, spanned, type Crop, type Point } from './crop-box.ts';
import styles from './visual.module.css';

type Drag = { mode: 'draw' | 'move' | 'resize'; start: Point; origin: Crop };

/** Keys held down search once they are let go of, not on every step. */
const KEYS_SETTLE_MS = 350;

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/**
 * The box over a pin's picture: drag across the picture to draw one (mouse, pen or touch: pointer
 * events), drag the box to move it and its corner to resize it; with the keyboard the box takes
 * the focus, the arrow keys move it, Shift and the arrow keys resize it, and Escape closes the lens. Each finished change is handed to `onChange`.
 */
export function CropSelector({ crop, onChange, onClose }: { crop: Crop; onChange: (crop: Crop) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const helpId = useId();
  const area = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The box as drawn; the lens's state follows at the end of each change (it is only ever set from here).
  const [draft, setDraft] = useState(crop);

  useEffect(() => {
    box.current?.focus({ preventScroll: true });
    return () => {
      if (settle.current) clearTimeout(settle.current);
    };
  }, []);

  const pointOf = (event: PointerEvent): Point => {
    const rect = area.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 0, y: 0 };
    return { x: Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)), y: Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height)) };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const target = event.target as HTMLElement;
    const mode = target.dataset['handle'] ? 'resize' : box.current?.contains(target) ? 'move' : 'draw';
    drag.current = { mode, start: pointOf(event), origin: draft };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
    box.current?.focus({ preventScroll: true });
  };

  const dragged = (event: PointerEvent): Crop | null => {
    const current = drag.current;
    if (!current) return null;
    const at = pointOf(event);
    const [dx, dy] = [at.x - current.start.x, at.y - current.start.y];
    if (current.mode === 'move') return moveBy(current.origin, dx, dy);
    if (current.mode === 'resize') return resizeBy(current.origin, dx, dy);
    return spanned(current.start, at);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const next = dragged(event);
    if (next) setDraft(next);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const next = dragged(event);
    drag.current = null;
    if (next) {
      setDraft(next);
      onChange(next);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    const next = keyed(draft, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    setDraft(next);
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      onChange(normalise(next));
    }, KEYS_SETTLE_MS);
  };

  const whole = (value: number) => Math.round(value * 100);
  return (
    <div
      ref={area}
      className={styles.cropArea}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (drag.current = null)}
    >
      <div
        ref={box}
        className={styles.cropBox}
        style={{ left: percent(draft.x), top: percent(draft.y), width: percent(draft.w), height: percent(draft.h) }}
        tabIndex={0}
        role="group"
        aria-roledescription={t('visual.cropRole')}
        aria-label={t('visual.cropPosition', { x: whole(draft.x), y: whole(draft.y), w: whole(draft.w), h: whole(draft.h) })}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
      >
        <span className={styles.cropHandle} data-handle="resize" aria-hidden="true" />
      </div>
      <p id={helpId} className="visually-hidden">
        {t('visual.cropHelp')}
      </p>
    </div>
  );
}
