import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { logIn } from '../api/login.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { errorMessage, formText } from '../ui/form-messages.ts';
import { MfaCodeForm } from '../auth/MfaCodeForm.tsx';
import { nextAfterLogin } from '../../shared/next-location.ts';
import { TextField } from '../ui/TextField.tsx';
import type { HeadContext, PageHead, PageProps } from '../router/types.ts';
import { useLoadingOverlay } from '../ui/LoadingOverlay.tsx';
import forms from '../auth/forms.module.css';

export function head({ t }: HeadContext): PageHead {
  return { title: t('login.pageTitle'), canonicalPath: '/login' };
}

export default function LoginPage({ search }: PageProps) {
  const { t } = useTranslation();
  const { setLoading } = useLoadingOverlay();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set once the password was right and the account's two-factor code comes next. */
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  // From the account menu's "Add account": the current account stays signed in beside this one.
  const addAccount = new URLSearchParams(search).get('add_account') === '1';

  const signedIn = () => {
    setLoading(true);
    // A full load renders the next page with the new session from the server.
    window.location.assign(nextAfterLogin(search));
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const login = formText(data, 'username_or_email').trim();
    const password = formText(data, 'password');
    if (!login || !password) {
      setError(t('login.missing'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await logIn(login, password, addAccount);
      if (result.kind === 'signedIn') {
        signedIn();
        return;
      }
      setBusy(false);
      setPendingToken(result.pendingToken);
    } catch (failure) {
      setBusy(false);
      setError(errorMessage(t, failure));
    }
  };

  const backToPassword = (message: string | null) => {
    setPendingToken(null);
    setError(message);
  };

  if (pendingToken !== null) {
    return (
      <AuthCard title={t('login.codeHeading')} subtitle={t('login.codeBody')}>
        <MfaCodeForm
          pendingToken={pendingToken}
          onSignedIn={signedIn}
          addAccount={addAccount}
          onExpired={backToPassword}
          onBack={() => {
            backToPassword(null);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={addAccount ? t('login.addAccountHeading') : t('login.heading')}>
      <form className={forms.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField label={t('login.email')} name="username_or_email" type="text" autoComplete="username" required />
        <TextField label={t('login.password')} name="password" type="password" autoComplete="current-password" required />
        <a className={forms.forgot} href="/password/reset">
          {t('login.forgot')}
        </a>
        {error && (
          <p role="alert" className={forms.formError}>
            {error}
          </p>
        )}
        <button type="submit" className={forms.submit} disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
      <p className={forms.switch}>
        {t('login.noAccount')} <a href="/signup">{t('header.signUp')}</a>
      </p>
    </AuthCard>
  );
}
