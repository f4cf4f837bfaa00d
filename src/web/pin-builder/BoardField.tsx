import { lazy, Suspense, useId } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import type { BoardChoice } from '../save/types.ts';
import { useDialog } from '../ui/useDialog.ts';
import styles from './PinBuilder.module.css';

const BoardPicker = lazy(() => import('../save/BoardPicker.tsx').then((m) => ({ default: m.BoardPicker })));

type Props = { choice: BoardChoice | null; error?: string | null | undefined; pinId?: string; onChange: (choice: BoardChoice) => void };

/** The board (and section) a pin goes to, chosen with the board picker. */
export function BoardField({ choice, error, pinId, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const picker = useDialog();
  const name = choice ? (choice.section ? `${choice.board.name} / ${choice.section.title}` : choice.board.name) : t('pinBuilder.chooseBoard');
  return (
    <div className={styles.boardField}>
      <span id={`${id}-label`} className={styles.fieldLabel}>
        {t('pinBuilder.board')}
      </span>
      <button
        type="button"
        className={styles.boardButton}
        aria-haspopup="dialog"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => {
          picker.open(true);
        }}
      >
        <span id={`${id}-value`} className={choice ? styles.boardName : styles.boardPlaceholder}>
          {name}
        </span>
        <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M12 17 3 8l1.4-1.4L12 14.2l7.6-7.6L21 8z" fill="currentColor" />
        </svg>
      </button>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
      {picker.shown && (
        <Suspense fallback={null}>
          <BoardPicker
            key={picker.shown.key}
            pinId={pinId}
            title={t('pinBuilder.chooseBoard')}
            onPick={(picked) => {
              picker.close();
              onChange(picked);
            }}
            onClose={picker.shown.onClose}
          />
        </Suspense>
      )}
    </div>
  );
}
