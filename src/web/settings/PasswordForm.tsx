import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { passwordChangeProblems, type PasswordChangeFields, type PasswordChangeProblems } from '../../shared/validation/password-change.ts';
import type { Viewer } from '../../shared/viewer.ts';
import { ApiError } from '../api/http.ts';
import { changePassword } from '../api/password.ts';
import { formText } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import { settingsError } from './errors.ts';
import { translateProblems } from './password-messages.ts';
import { usePasscodeGate } from './usePasscodeGate.tsx';
import styles from './settings.module.css';

/** The catalogue's `invalid_credentials`: the current password was wrong. */
const WRONG_PASSWORD_CODE = 11;

const FIELD_NAMES: Record<keyof PasswordChangeFields, string> = { current: 'old_password', next: 'new_password', confirm: 'confirm_password' };

function readFields(form: HTMLFormElement, hasPassword: boolean): PasswordChangeFields {
  const data = new FormData(form);
  return {
    current: hasPassword ? formText(data, FIELD_NAMES.current) : null,
    next: formText(data, FIELD_NAMES.next),
    confirm: formText(data, FIELD_NAMES.confirm),
  };
}

function focusFirst(form: HTMLFormElement, problems: PasswordChangeProblems): void {
  const first = (Object.keys(FIELD_NAMES) as (keyof PasswordChangeFields)[]).find((field) => problems[field]);
  const input = first ? form.elements.namedItem(FIELD_NAMES[first]) : null;
  if (input instanceof HTMLInputElement) input.focus();
}

/** Current, new and confirmed password; a change signs the account out everywhere else. */
export function PasswordForm({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<PasswordChangeProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  // The password is a protected setting: with a parental passcode on the account, the modal asks for it.
  const gate = usePasscodeGate((failure) => settingsError(t, failure));

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = readFields(form, viewer.has_password);
    const problems = translateProblems(t, passwordChangeProblems(fields));
    setErrors(problems);
    setFormError(null);
    setChanged(false);
    if (Object.keys(problems).length > 0) {
      focusFirst(form, problems);
      return;
    }
    setBusy(true);
    try {
      if (await gate.guarded((passcode) => changePassword(fields.current, fields.next, passcode))) {
        form.reset();
        setChanged(true);
      }
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === WRONG_PASSWORD_CODE) {
        setErrors({ current: t('login.wrongPassword') });
        focusFirst(form, { current: 'wrong' });
      } else {
        setFormError(settingsError(t, failure));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className={styles.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        {/* Tells password managers which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={viewer.email} readOnly hidden />
        {viewer.has_password && (
          <TextField label={t('password.current')} name={FIELD_NAMES.current} type="password" autoComplete="current-password" required error={errors.current} />
        )}
        <TextField
          label={t('password.new')}
          name={FIELD_NAMES.next}
          type="password"
          autoComplete="new-password"
          required
          hint={t('signup.passwordHint')}
          error={errors.next}
        />
        <TextField label={t('password.confirm')} name={FIELD_NAMES.confirm} type="password" autoComplete="new-password" required error={errors.confirm} />
        {formError && (
          <p role="alert" className={styles.alert}>
            {formError}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {t('password.submit')}
          </button>
        </div>
        {/* Present from the start, so assistive technology announces the message when it appears. */}
        <div role="status">{changed && <p className={styles.success}>{t('password.changed')}</p>}</div>
      </form>
      {gate.modal}
    </>
  );
}
