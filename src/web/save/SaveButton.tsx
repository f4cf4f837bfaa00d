import { lazy, Suspense, useId, useRef, useState } from 'react';
import { loginPathFor } from '../../shared/next-location.ts';
import { ApiError } from '../api/http.ts';
import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { useDialog } from '../ui/useDialog.ts';
import { rememberLastBoard } from './client-memory.ts';
import type { BoardChoice, SavablePin } from './types.ts';
import { useLastBoard } from './useLastBoard.ts';
import { useSavePin } from './useSavePin.ts';
import styles from './SaveButton.module.css';

// The picker's code loads on the first open, so grids stay light.
const BoardPicker = lazy(() => import('./BoardPicker.tsx').then((m) => ({ default: m.BoardPicker })));

/**
 * A tile's save control. Not saved: the board the member saved to last (opens the board picker)
 * and the red "Save" (a quick save there; the picker when there is no such board). Saved: "Saved"
 * and where, with a menu to remove the save or save it to another board.
 */
export function SaveButton({ pin }: { pin: SavablePin }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { showToast } = useToast();
  const { save, unsave } = useSavePin();
  const picker = useDialog();
  const [busy, setBusy] = useState(false);
  const lastBoard = useLastBoard();
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLButtonElement>(null);

  if (!viewer) {
    return (
      <a className={styles.save} href={loginPathFor(`/pin/${pin.id}/`)}>
        {t('save.save')}
      </a>
    );
  }

  /** Runs a save or unsave; answers the failure (already shown as a toast), null on success. */
  const run = async (action: () => Promise<unknown>): Promise<unknown> => {
    setBusy(true);
    try {
      await action();
      return null;
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : t('save.failed'));
      return error;
    } finally {
      setBusy(false);
    }
  };

  const saveTo = async (choice: BoardChoice) => {
    picker.close();
    await run(() => save(pin, choice));
    // The chooser that had the focus gives way to the board's link; the focus stays on the control.
    main.current?.focus();
  };

  const quickSave = async () => {
    if (!lastBoard) {
      picker.open(true);
      return;
    }
    const failed = await run(() => save(pin, { board: lastBoard, section: null }));
    if (failed instanceof ApiError && [403, 404, 409].includes(failed.httpStatus)) {
      // The board is gone, archived or closed to the member: forget it so they choose again.
      rememberLastBoard(viewer.id, null);
    }
  };

  const onUnsave = async () => {
    menu.current?.hidePopover();
    await run(() => unsave(pin));
    main.current?.focus();
  };

  const info = pin.saved_info;
  // One button for Save and Saved, so the focus stays on it when the state flips. It is never
  // disabled while busy (that would drop the focus); a click then does nothing.
  const onMain = () => {
    if (!busy && !info) void quickSave();
  };
  return (
    <div className={styles.control} data-save-control="">
      {info ? (
        <a className={styles.where} href={info.url}>
          {info.title}
        </a>
      ) : (
        <button
          type="button"
          className={styles.chooser}
          aria-haspopup="dialog"
          onClick={() => {
            if (!busy) picker.open(true);
          }}
        >
          <span className={styles.chooserName}>{lastBoard?.name ?? t('save.chooseBoard')}</span>
          <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" focusable="false">
            <path d="M12 17 3 8l1.4-1.4L12 14.2l7.6-7.6L21 8z" fill="currentColor" />
          </svg>
        </button>
      )}
      <button
        ref={main}
        type="button"
        className={info ? styles.saved : styles.save}
        aria-disabled={busy || undefined}
        popoverTarget={info ? menuId : undefined}
        aria-label={info ? t('save.savedTo', { board: info.title }) : lastBoard ? t('save.saveTo', { board: lastBoard.name }) : t('save.save')}
        onClick={onMain}
      >
        {info ? t('save.saved') : t('save.save')}
      </button>
      {info && (
        <div id={menuId} ref={menu} popover="auto" className={styles.menu}>
          <button type="button" className={styles.menuItem} onClick={() => void onUnsave()}>
            {t('save.removeFrom', { board: info.title })}
          </button>
          <button
            type="button"
            className={styles.menuItem}
            onClick={() => {
              menu.current?.hidePopover();
              picker.open(true);
            }}
          >
            {t('save.saveElsewhere')}
          </button>
        </div>
      )}
      {picker.shown && (
        <Suspense fallback={null}>
          <BoardPicker
            key={picker.shown.key}
            pinId={pin.id}
            title={t('save.pickerTitle')}
            onPick={(choice) => void saveTo(choice)}
            onClose={picker.shown.onClose}
          />
        </Suspense>
      )}
    </div>
  );
}
