import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { logIn } from '../api/auth.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { errorMessage, formText, safeNext } from '../auth/messages.ts';
import { TextField } from '../auth/TextField.tsx';
import type { HeadContext, PageHead, PageProps } from '../router/types.ts';
import { useLoadingOverlay } from '../shell/LoadingOverlay.tsx';
import forms from '../auth/forms.module.css';

export function head({ t }: HeadContext): PageHead {
  return { title: t('login.pageTitle'), canonicalPath: '/login' };
}

export default function LoginPage({ search }: PageProps) {
  const { t } = useTranslation();
  const { setLoading } = useLoadingOverlay();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
      await logIn(login, password);
      setLoading(true);
      // A full load renders the next page with the new session from the server.
      window.location.assign(safeNext(search));
    } catch (failure) {
      setBusy(false);
      setError(errorMessage(t, failure));
    }
  };

  return (
    <AuthCard title={t('login.heading')}>
      <form className={forms.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField label={t('login.email')} name="username_or_email" type="text" autoComplete="username" required />
        <TextField label={t('login.password')} name="password" type="password" autoComplete="current-password" required />
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
