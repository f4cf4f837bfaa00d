import { useEffect, useState, type SyntheticEvent } from 'react';
import { countRecoveryCodes, regenerateRecoveryCodes } from '../api/account-security.ts';
import { ApiError } from '../api/http.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { formText } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { settingsError } from './errors.ts';
import settings from './settings.module.css';
import styles from './account-security.module.css';

/** The catalogue's `invalid_credentials`: the password was wrong. */
const WRONG_PASSWORD_CODE = 11;

/** Ten codes shown once, to copy or write down. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      showToast(t('recoveryCodes.copied'));
    } catch {
      showToast(t('recoveryCodes.copyManually'));
    }
  };
  return (
    <section className={styles.panel} aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className={styles.heading}>
        {t('recoveryCodes.title')}
      </h2>
      <p className={styles.meta}>{t('recoveryCodes.showOnce')}</p>
      <ul className={styles.codes} aria-label={t('recoveryCodes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={settings.actions}>
        <button type="button" className={settings.secondary} onClick={() => void onCopy()}>
          {t('recoveryCodes.copy')}
        </button>
      </div>
    </section>
  );
}

/** How many codes are left, and a new set for the password (the old ones stop working). */
export function RecoveryCodes() {
  const { t } = useTranslation();
  const [remaining, setRemaining] = useState<number | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    countRecoveryCodes().then(
      (answer) => {
        setRemaining(answer.remaining);
      },
      // The count is a hint; the form below works without it.
      () => undefined,
    );
  }, []);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const password = formText(new FormData(form), 'password');
    setFormError(null);
    setPasswordError(password ? null : t('validation.required'));
    if (!password) return;
    setBusy(true);
    try {
      const fresh = await regenerateRecoveryCodes(password);
      form.reset();
      setCodes(fresh);
      setRemaining(fresh.length);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === WRONG_PASSWORD_CODE) setPasswordError(t('login.wrongPassword'));
      else setFormError(settingsError(t, failure));
    } finally {
      setBusy(false);
    }
  };

  if (codes) return <RecoveryCodeList codes={codes} />;
  return (
    <section className={styles.panel} aria-labelledby="recovery-new-title">
      <h2 id="recovery-new-title" className={styles.heading}>
        {t('recoveryCodes.title')}
      </h2>
      <p className={styles.meta}>{remaining === null ? t('recoveryCodes.explain') : t('recoveryCodes.remaining', { count: remaining })}</p>
      <form className={settings.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField label={t('recoveryCodes.password')} name="password" type="password" autoComplete="current-password" required error={passwordError} />
        {formError && (
          <p role="alert" className={settings.alert}>
            {formError}
          </p>
        )}
        <div className={settings.actions}>
          <button type="submit" className={settings.secondary} disabled={busy}>
            {t('recoveryCodes.regenerate')}
          </button>
        </div>
      </form>
    </section>
  );
}
