import { useState, type SyntheticEvent } from 'react';
import { useTranslation, type Translate } from '../i18n/translate.tsx';
import { isWellFormedMfaCode, normalizeMfaCode } from '../../shared/mfa.ts';
import { ERROR_CODES } from '../api/error-codes.ts';
import { ApiError } from '../api/http.ts';
import { formText } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import { settingsError } from './errors.ts';
import styles from './settings.module.css';

type Fields = { code: string; password: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

type Props = {
  /** Tells password managers which account the password belongs to. */
  email: string;
  submitLabel: string;
  action: (fields: Fields) => Promise<void>;
  onDone: () => void;
  /** The server no longer knows what the form refers to (a setup that lapsed). */
  onExpired?: () => void;
  onCancel?: () => void;
};

function problems(t: Translate, fields: Fields): FieldErrors {
  const found: FieldErrors = {};
  if (!isWellFormedMfaCode(fields.code)) found.code = t('twoFactor.codeInvalid');
  if (fields.password === '') found.password = t('validation.required');
  return found;
}

function focusFirst(form: HTMLFormElement, errors: FieldErrors): void {
  const first = (['code', 'password'] as const).find((field) => errors[field]);
  const input = first ? form.elements.namedItem(first) : null;
  if (input instanceof HTMLInputElement) input.focus();
}

/** The server's refusal as field errors: a wrong password or code shows under its field. */
function fieldErrorsOf(t: Translate, failure: unknown): FieldErrors | null {
  if (!(failure instanceof ApiError)) return null;
  if (failure.code === ERROR_CODES.wrongPassword) return { password: t('login.wrongPassword') };
  if (failure.code === ERROR_CODES.wrongCode) return { code: t('twoFactor.wrongCode') };
  return null;
}

/** A code from the authenticator app and the password: what turning two-factor on or off asks for. */
export function CodeAndPasswordForm({ email, submitLabel, action, onDone, onExpired, onCancel }: Props) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const fields = { code: normalizeMfaCode(formText(data, 'code')), password: formText(data, 'password') };
    const found = problems(t, fields);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirst(form, found);
      return;
    }
    setBusy(true);
    try {
      await action(fields);
      onDone();
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.code === ERROR_CODES.invalidToken && onExpired) {
        onExpired();
        return;
      }
      const refused = fieldErrorsOf(t, failure);
      if (refused) {
        setErrors(refused);
        focusFirst(form, refused);
      } else {
        setFormError(settingsError(t, failure));
      }
    }
  };

  return (
    <form className={styles.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={t('twoFactor.code')}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        spellCheck={false}
        required
        error={errors.code}
      />
      <TextField label={t('login.password')} name="password" type="password" autoComplete="current-password" required error={errors.password} />
      {formError && (
        <p role="alert" className={styles.alert}>
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={styles.secondary} onClick={onCancel}>
            {t('twoFactor.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
