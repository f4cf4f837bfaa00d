import { useRef, useState, type SyntheticEvent } from 'react';
import { canSubmitPasscode, normalizePasscode, PASSCODE_LENGTH, PASSCODE_MESSAGES, passcodeProblem } from '../../shared/validation/parental-passcode.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { TextField } from '../ui/TextField.tsx';
import { passcodeMessage } from './passcode-messages.ts';
import settings from './settings.module.css';
import styles from './account-security.module.css';

type Props = {
  /** Runs the protected change with the passcode; throws what the server answered. */
  onSubmit: (passcode: string) => Promise<void>;
  /** The modal closed: done, dismissed, or failed where it does not stay open (with the error). */
  onClose: (outcome: { done: boolean; error: unknown }) => void;
  /** Where the spec keeps it open on errors (/parental-passcode, /settings/account-settings). */
  stayOpenOnError: boolean;
  /** The text of a failure, as the page shows it. */
  describe: (error: unknown) => string | null;
};

/**
 * The spec's parental passcode modal (viewer spec sections 4 and 5): open, validating, closed. The
 * input takes at most four characters, whitespace does not count, Enter is enabled only for a
 * value that breaks no rule, and the error clears when the member types.
 */
export function ParentalPasscodeModal({ onSubmit, onClose, stayOpenOnError, describe }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const outcome = useRef<{ done: boolean; error: unknown }>({ done: false, error: null });
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [validating, setValidating] = useState(false);
  const problem = value.length > 0 ? passcodeProblem(value) : null;
  // "Please enter four digits" waits until the member leaves the field: typing 1, 2, 3 is no error yet.
  const shownProblem = problem !== PASSCODE_MESSAGES.fourDigits || touched ? problem : null;

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmitPasscode(value) || validating) return;
    setValidating(true);
    try {
      await onSubmit(normalizePasscode(value));
      outcome.current = { done: true, error: null };
      dialog.current?.close();
    } catch (failure) {
      setValidating(false);
      if (stayOpenOnError) {
        setServerError(describe(failure));
        return;
      }
      outcome.current = { done: false, error: failure };
      dialog.current?.close();
    }
  };

  return (
    <Dialog
      title={t('passcode.modalTitle')}
      size="small"
      dialogRef={dialog}
      onClose={() => {
        onClose(outcome.current);
      }}
    >
      <form className={settings.form} noValidate onSubmit={(e) => void submit(e)}>
        <p className={styles.meta}>{t('passcode.modalBody')}</p>
        <TextField
          label={t('passcode.label')}
          name="parental_passcode"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PASSCODE_LENGTH}
          data-autofocus
          value={value}
          error={serverError ?? (shownProblem ? passcodeMessage(t, shownProblem) : null)}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setServerError(null);
          }}
          onBlur={() => {
            setTouched(true);
          }}
        />
        <div className={settings.actions}>
          <button type="submit" className={settings.primary} disabled={!canSubmitPasscode(value) || validating}>
            {t('passcode.enter')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
