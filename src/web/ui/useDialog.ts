import { useCallback, useRef, useState } from 'react';

/** One opening of a dialog: what it shows, its own `key`, and the close report that ends it alone. */
export type DialogOpening<T> = { value: T; key: number; onClose: () => void };

export type DialogState<T> = { shown: DialogOpening<T> | null; open: (value: T) => void; close: () => void };

/**
 * Whether a dialog is shown, for the dialogs here that open on mount and that their owner unmounts
 * when they close (native `<dialog>`s). The browser reports a dialog's close a task after it gives
 * the focus back, and a loaded machine may take the next key first: Escape then Enter can open the
 * dialog again before the report of the first close arrives. So each opening is numbered, mounts
 * its own dialog (`key`), and a close report ends only the opening it came from (`onClose`).
 * `value` is what the dialog is about (a token to revoke, which of a bar's dialogs); `true` for
 * a dialog about nothing in particular.
 */
export function useDialog<T = true>(): DialogState<T> {
  const openings = useRef(0);
  const [opened, setOpened] = useState<{ value: T; key: number } | null>(null);
  const open = useCallback((value: T) => {
    openings.current += 1;
    setOpened({ value, key: openings.current });
  }, []);
  const close = useCallback(() => {
    setOpened(null);
  }, []);
  const shown = opened && {
    ...opened,
    onClose: () => {
      setOpened((current) => (current?.key === opened.key ? null : current));
    },
  };
  return { shown, open, close };
}
