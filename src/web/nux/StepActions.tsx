import { useTranslation } from '../i18n/translate.tsx';
import styles from './Nux.module.css';

type Props = {
  busy: boolean;
  error: string | null;
  onBack: (() => void) | null;
  nextLabel: string;
  onNext: () => void;
  disabled?: boolean;
  hint?: string;
  sticky?: boolean;
};

/** Back and Next of a step, with the step's failure above them; kept in view below a long collage when sticky. */
export function StepActions({ busy, error, onBack, nextLabel, onNext, disabled = false, hint, sticky = false }: Props) {
  const { t } = useTranslation();
  return (
    <div className={sticky ? styles.stickyFooter : styles.footer}>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {hint && (
        <p className={styles.hint} aria-live="polite">
          {hint}
        </p>
      )}
      <div className={styles.actions}>
        {onBack && (
          <button type="button" className={styles.back} onClick={onBack} disabled={busy}>
            {t('nux.back')}
          </button>
        )}
        <button type="button" className={styles.next} onClick={onNext} disabled={busy || disabled}>
          {nextLabel}
        </button>
      </div>
    </div>
  );
}
