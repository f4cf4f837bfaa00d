import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { emailProblem } from '../../shared/validation/email.ts';
import { ApiError } from '../api/http.ts';
import { confirmEmailChange, requestEmailChange } from '../api/email-change.ts';
import { usePasscodeGate } from './usePasscodeGate.tsx';
import { useUpdateViewer, useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { formText } from '../ui/form-messages.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { TextField } from '../ui/TextField.tsx';
import { settingsError } from './errors.ts';
import styles from './settings.module.css';

/** The catalogue's `invalid_credentials`: the password was wrong. */
const WRONG_PASSWORD_CODE = 11;

type Errors = { email?: string | null; password?: string | null };

/** The new address and the password; the answer says where the link went. */
export function EmailChangeForm() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The email is a protected setting: with a parental passcode on the account, the modal asks for it.
  const gate = usePasscodeGate((failure) => settingsError(t, failure));
  if (!viewer) return null;
  if (!viewer.has_password) return <p className={styles.intro}>{t('emailSettings.noPassword')}</p>;

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = formText(data, 'new_email');
    const password = formText(data, 'password');
    const problems: Errors = { email: emailProblem(email), password: password === '' ? t('settings.required') : null };
    setErrors(problems);
    setFormError(null);
    setSentTo(null);
    if (problems.email || problems.password) return;
    setBusy(true);
    try {
      const sent: { to?: string } = {};
      const done = await gate.guarded(async (passcode) => {
        sent.to = await requestEmailChange(email, password, passcode);
      });
      if (done && sent.to !== undefined) {
        setSentTo(sent.to);
        form.reset();
      }
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === WRONG_PASSWORD_CODE) setErrors({ password: t('login.wrongPassword') });
      else setFormError(settingsError(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className={styles.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        <p>{t('emailSettings.current', { email: viewer.email })}</p>
        <TextField label={t('emailSettings.newEmail')} name="new_email" type="email" autoComplete="email" required error={errors.email} />
        <TextField label={t('emailSettings.password')} name="password" type="password" autoComplete="current-password" required error={errors.password} />
        {formError && (
          <p role="alert" className={styles.alert}>
            {formError}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {t('emailSettings.submit')}
          </button>
        </div>
        <div role="status">{sentTo && <p className={styles.success}>{t('emailSettings.sent', { email: sentTo })}</p>}</div>
      </form>
      {gate.modal}
    </>
  );
}

/** Following the mailed link: the token from the address confirms the new email once. */
export function EmailConfirmation({ token }: { token: string }) {
  const { t } = useTranslation();
  const updateViewer = useUpdateViewer();
  const [state, setState] = useState<{ phase: 'confirming' } | { phase: 'done'; email: string } | { phase: 'failed'; message: string }>({
    phase: 'confirming',
  });
  const started = useRef(false);
  useEffect(() => {
    // Once: the token is single use, and a second call would report the first one's success as a failure.
    if (started.current) return;
    started.current = true;
    confirmEmailChange(token).then(
      (email) => {
        updateViewer({ email });
        setState({ phase: 'done', email });
      },
      (failure: unknown) => {
        setState({ phase: 'failed', message: settingsError(t, failure) ?? '' });
      },
    );
  }, [t, token, updateViewer]);
  if (state.phase === 'confirming') return <Spinner label={t('emailSettings.confirming')} />;
  return (
    <div role="status">
      {state.phase === 'done' ? (
        <p className={styles.success}>{t('emailSettings.confirmed', { email: state.email })}</p>
      ) : (
        <p className={styles.alert}>{state.message}</p>
      )}
    </div>
  );
}
