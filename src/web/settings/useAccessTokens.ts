import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { listAccessTokens } from '../api/access-tokens.ts';
import type { PatSummary as AccessToken } from '../../shared/contracts/auth.ts';
import { settingsError } from './errors.ts';

export type TokensState = { status: 'loading' } | { status: 'ready'; tokens: AccessToken[] } | { status: 'failed'; message: string };

/** The viewer's personal access tokens, read once the page is up, newest first. */
export function useAccessTokens() {
  const { t } = useTranslation();
  const [state, setState] = useState<TokensState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    listAccessTokens().then(
      (tokens) => {
        if (current) setState({ status: 'ready', tokens });
      },
      (failure: unknown) => {
        const message = settingsError(t, failure);
        if (current && message !== null) setState({ status: 'failed', message });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, t]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const added = useCallback((token: AccessToken) => {
    setState((now) => (now.status === 'ready' ? { status: 'ready', tokens: [token, ...now.tokens] } : now));
  }, []);

  const removed = useCallback((id: string) => {
    setState((now) => (now.status === 'ready' ? { status: 'ready', tokens: now.tokens.filter((token) => token.id !== id) } : now));
  }, []);

  return { state, reload, added, removed };
}
