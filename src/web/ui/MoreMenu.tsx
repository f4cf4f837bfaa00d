import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import styles from './MoreMenu.module.css';

export type MoreMenuItem = { label: string; onSelect: () => void };

/** The next item's index for an arrow, Home or End key; null for any other key. */
export function nextIndex(key: string, current: number, count: number): number | null {
  if (key === 'ArrowDown') return (current + 1) % count;
  if (key === 'ArrowUp') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A "More options" menu (the closeup's, a profile's): a disclosure whose button shows and hides
 * the items. Opening moves the focus to the first item; Tab or the arrow keys move between them;
 * Escape or a click elsewhere closes it and Escape puts the focus back on the button. The items
 * open below the button, at its end (`align="end"`) or centred under it.
 */
export function MoreMenu({ label, items, className, align = 'end' }: { label: string; items: MoreMenuItem[]; className?: string; align?: 'end' | 'center' }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector('button')?.focus();
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

  const onItemsKey = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    const next = nextIndex(event.key, buttons.indexOf(document.activeElement as HTMLButtonElement), buttons.length);
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
  };

  return (
    <div ref={wrapper} className={className ? `${styles.wrapper} ${className}` : styles.wrapper}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
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
      <div id={id} ref={list} className={align === 'center' ? styles.itemsCentered : styles.items} hidden={!open} onKeyDown={onItemsKey}>
        {items.map((item) => (
          <button
            key={item.label}
            type="button"
            className={styles.item}
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
