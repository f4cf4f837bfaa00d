import { useEffect, useId, useRef, useState } from 'react';
import styles from './moderation.module.css';

export type MoreMenuItem = { label: string; onSelect: () => void };

/**
 * A "More options" menu (the closeup's): a disclosure whose button shows and hides the items;
 * Escape or a click elsewhere closes it and the focus goes back to the button.
 */
export function MoreMenu({ label, items, className }: { label: string; items: MoreMenuItem[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={wrapper} className={className ? `${styles.menuWrapper} ${className}` : styles.menuWrapper}>
      <button
        ref={trigger}
        type="button"
        className={styles.iconButton}
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM3 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm18 0a3 3 0 1 1 0 6 3 3 0 0 1 0-6z" />
        </svg>
      </button>
      <div id={id} className={styles.menu} hidden={!open}>
        {items.map((item, index) => (
          <button
            key={item.label}
            ref={index === 0 ? first : undefined}
            type="button"
            className={styles.menuItem}
            onClick={() => {
              setOpen(false);
              item.onSelect();
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
    </div>
  );
}
