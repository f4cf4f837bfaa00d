import { useEffect, useMemo, useState, type SyntheticEvent } from 'react';
import type { AccountDeletionState } from '../../shared/contracts/account-security.ts';
import { htmlLang } from '../../shared/locale.ts';
import { cancelDeletion, loadDeletion, requestDeletion } from '../api/account-security.ts';
import { ApiError } from '../api/http.ts';
import { useApp } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { formText } from '../ui/form-messages.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { TextField } from '../ui/TextField.tsx';
import { settingsError } from './errors.ts';
import { usePasscodeGate } from './usePasscodeGate.tsx';
import settings from './settings.module.css';
import styles from './account-security.module.css';

/** The catalogue's `invalid_credentials`: the password was wrong. */
const WRONG_PASSWORD_CODE = 11;

function Scheduled({ state, onKept }: { state: AccountDeletionState; onKept: (state: AccountDeletionState) => void }) {
  const { t } = useTranslation();
  const { bootstrap } = useApp();
  const format = useMemo(() => new Intl.DateTimeFormat(htmlLang(bootstrap.locale), { dateStyle: 'long' }), [bootstrap.locale]);
  const [error, setError] = useState<string | null>(null);
  const onKeep = async () => {
    try {
      onKept(await cancelDeletion());
    } catch (failure) {
      setError(settingsError(t, failure));
    }
  };
  return (
    <div className={styles.panel}>
      <p className={styles.name}>{t('deleteAccount.scheduled', { date: state.purge_at ? format.format(new Date(state.purge_at)) : '' })}</p>
      <p className={styles.meta}>{t('deleteAccount.scheduledBody')}</p>
      {error && (
        <p role="alert" className={settings.alert}>
          {error}
        </p>
      )}
      <div className={settings.actions}>
        <button type="button" className={settings.primary} onClick={() => void onKeep()}>
          {t('deleteAccount.keep')}
        </button>
      </div>
    </div>
  );
}

/** Password (and the parental passcode when set); then signed out everywhere, the account gone after 14 days. */
function DeleteForm() {
  const { t } = useTranslation();
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const gate = usePasscodeGate((failure) => settingsError(t, failure));

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = formText(new FormData(event.currentTarget), 'password');
    setFormError(null);
    setPasswordError(password ? null : t('validation.required'));
    if (!password) return;
    setBusy(true);
    try {
      // Every session ends with the request, this one too: the home page greets a visitor.
      if (
        await gate.guarded(async (passcode) => {
          await requestDeletion(password, passcode);
        })
      )
        window.location.assign('/?account_deleted=1');
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === WRONG_PASSWORD_CODE) setPasswordError(t('login.wrongPassword'));
      else setFormError(settingsError(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className={settings.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        <ul className={styles.meta}>
          <li>{t('deleteAccount.whatHappens1')}</li>
          <li>{t('deleteAccount.whatHappens2')}</li>
          <li>{t('deleteAccount.whatHappens3')}</li>
        </ul>
        <TextField label={t('deleteAccount.password')} name="password" type="password" autoComplete="current-password" required error={passwordError} />
        {formError && (
          <p role="alert" className={settings.alert}>
            {formError}
          </p>
        )}
        <div className={settings.actions}>
          <button type="submit" className={settings.primary} disabled={busy}>
            {t('deleteAccount.submit')}
          </button>
        </div>
      </form>
      {gate.modal}
    </>
  );
}

/** Delete the account (after a grace period), or keep it when a deletion is pending. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const [state, setState] = useState<AccountDeletionState | null>(null);
  const [kept, setKept] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadDeletion().then(setState, (failure: unknown) => {
      setError(settingsError(t, failure));
    });
  }, [t]);
  if (error) {
    return (
      <p role="alert" className={settings.alert}>
        {error}
      </p>
    );
  }
  if (!state) return <Spinner label={t('overlay.loading')} size={32} />;
  if (state.scheduled) {
    return (
      <Scheduled
        state={state}
        onKept={(next) => {
          setKept(true);
          setState(next);
        }}
      />
    );
  }
  return (
    <>
      <div role="status">{kept && <p className={settings.success}>{t('deleteAccount.kept')}</p>}</div>
      <DeleteForm />
    </>
  );
}
