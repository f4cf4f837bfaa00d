import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SessionSummary } from '../../shared/contracts/account-security.ts';
import { htmlLang } from '../../shared/locale.ts';
import { endOtherSessions, endSession, listSessions } from '../api/account-security.ts';
import { useApp } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { settingsError } from './errors.ts';
import settings from './settings.module.css';
import styles from './account-security.module.css';

type State = { status: 'loading' } | { status: 'ready'; sessions: SessionSummary[] } | { status: 'failed'; message: string };

function useSessions() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(() => {
    listSessions().then(
      (sessions) => {
        setState({ status: 'ready', sessions });
      },
      (failure: unknown) => {
        const message = settingsError(t, failure);
        if (message !== null) setState({ status: 'failed', message });
      },
    );
  }, [t]);
  useEffect(load, [load]);
  return { state, load };
}

function SessionItem({ session, onEnd }: { session: SessionSummary; onEnd: (session: SessionSummary) => void }) {
  const { t } = useTranslation();
  const { bootstrap } = useApp();
  const format = useMemo(() => new Intl.DateTimeFormat(htmlLang(bootstrap.locale), { dateStyle: 'medium', timeStyle: 'short' }), [bootstrap.locale]);
  const nameId = `session-${session.id}`;
  return (
    <li className={styles.item}>
      <div className={styles.details}>
        <p id={nameId} className={styles.name}>
          {t('sessions.device', { browser: session.browser, device: session.device })}
          {session.current && <span className={styles.badge}>{t('sessions.thisOne')}</span>}
        </p>
        <p className={styles.meta}>{t('sessions.lastActive', { date: format.format(new Date(session.last_active_at)) })}</p>
        <p className={styles.meta}>{t('sessions.signedIn', { date: format.format(new Date(session.created_at)) })}</p>
      </div>
      {!session.current && (
        <button
          type="button"
          className={settings.secondary}
          aria-describedby={nameId}
          onClick={() => {
            onEnd(session);
          }}
        >
          {t('sessions.signOut')}
        </button>
      )}
    </li>
  );
}

/** The member's signed-in browsers and devices: sign one out, or every other one. */
export function Sessions() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { state, load } = useSessions();
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<void>, done: string) => {
    setError(null);
    try {
      await action();
      showToast(done);
      load();
    } catch (failure) {
      setError(settingsError(t, failure));
    }
  };

  if (state.status === 'loading') return <Spinner label={t('overlay.loading')} size={32} />;
  if (state.status === 'failed') {
    return (
      <p role="alert" className={settings.alert}>
        {state.message}
      </p>
    );
  }
  const others = state.sessions.filter((s) => !s.current).length;
  return (
    <div className={styles.panel}>
      {error && (
        <p role="alert" className={settings.alert}>
          {error}
        </p>
      )}
      <ul className={styles.list} aria-label={t('sessions.listLabel')}>
        {state.sessions.map((session) => (
          <SessionItem key={session.id} session={session} onEnd={(s) => void run(() => endSession(s.id), t('sessions.signedOutOne'))} />
        ))}
      </ul>
      <div className={settings.actions}>
        <button type="button" className={settings.primary} disabled={others === 0} onClick={() => void run(endOtherSessions, t('sessions.signedOutOthers'))}>
          {t('sessions.signOutOthers')}
        </button>
      </div>
    </div>
  );
}
