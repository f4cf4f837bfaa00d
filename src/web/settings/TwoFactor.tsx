import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { SETTINGS_PATHS } from '../../shared/settings.ts';
import type { Viewer } from '../../shared/viewer.ts';
import { disableMfa, loadMfaStatus, startMfaSetup, type MfaStatus } from '../api/mfa.ts';
import type { MfaSetup } from '../../shared/validation/mfa.ts';
import { CodeAndPasswordForm } from './CodeAndPasswordForm.tsx';
import { settingsError } from './errors.ts';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';
import { RecoveryCodeList, RecoveryCodes } from './RecoveryCodes.tsx';
import settings from './settings.module.css';
import styles from './two-factor.module.css';

/**
 * The viewer's two-factor flags: the page's bootstrap first, then the server's answer, since a
 * client-side navigation brings the viewer of the first page load, from before any change here.
 */
function useMfaStatus(viewer: Viewer) {
  const [status, setStatus] = useState<MfaStatus>({ enabled: viewer.has_mfa_enabled, canEnable: viewer.can_enable_mfa });
  useEffect(() => {
    let current = true;
    loadMfaStatus().then(
      (fresh) => {
        if (current) setStatus(fresh);
      },
      // The page works from the bootstrap's flags; a failed call surfaces on the next action.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return [status, setStatus] as const;
}

/** Why setup cannot start, or the button that starts it. */
function StartSetup({ viewer, canEnable, onStarted }: { viewer: Viewer; canEnable: boolean; onStarted: (setup: MfaSetup) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canEnable && !viewer.has_password) {
    return (
      <p className={styles.explain}>
        {t('twoFactor.needsPassword')} <a href={SETTINGS_PATHS.password}>{t('twoFactor.setPassword')}</a>
      </p>
    );
  }
  if (!canEnable) return <p className={styles.explain}>{t('twoFactor.needsEmail')}</p>;

  const onStart = async () => {
    setBusy(true);
    setError(null);
    try {
      onStarted(await startMfaSetup());
    } catch (failure) {
      setBusy(false);
      setError(settingsError(t, failure));
    }
  };

  return (
    <div className={styles.start}>
      {error && (
        <p role="alert" className={settings.alert}>
          {error}
        </p>
      )}
      <button type="button" className={settings.primary} disabled={busy} onClick={() => void onStart()}>
        {t('twoFactor.start')}
      </button>
    </div>
  );
}

function TurnOff({ email, onDisabled }: { email: string; onDisabled: () => void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.off} aria-labelledby="two-factor-off">
      <h2 id="two-factor-off" className={styles.stepTitle}>
        {t('twoFactor.offTitle')}
      </h2>
      <p className={styles.stepBody}>{t('twoFactor.offBody')}</p>
      <CodeAndPasswordForm
        email={email}
        submitLabel={t('twoFactor.submitOff')}
        action={({ code, password }) => disableMfa(password, code)}
        onDone={onDisabled}
      />
    </section>
  );
}

/** Turn two-factor authentication on (scan, then confirm) or off (password and code). */
export function TwoFactor({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const [status, setStatus] = useMfaStatus(viewer);
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'alert' } | null>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);

  const settle = (next: MfaStatus, text: string, kind: 'success' | 'alert') => {
    setSetup(null);
    setStatus(next);
    setNotice({ text, kind });
    // The form that had the focus is gone; the status line that replaced it takes it.
    requestAnimationFrame(() => statusLine.current?.focus());
  };

  const onStarted = (started: MfaSetup) => {
    setNotice(null);
    setSetup(started);
  };

  return (
    <>
      <p ref={statusLine} tabIndex={-1} className={status.enabled ? styles.statusOn : styles.statusOff}>
        {t(status.enabled ? 'twoFactor.isOn' : 'twoFactor.isOff')}
      </p>
      <div role="status">{notice?.kind === 'success' && <p className={settings.success}>{notice.text}</p>}</div>
      {notice?.kind === 'alert' && (
        <p role="alert" className={settings.alert}>
          {notice.text}
        </p>
      )}
      {status.enabled && (freshCodes ? <RecoveryCodeList codes={freshCodes} /> : <RecoveryCodes />)}
      {status.enabled && (
        <TurnOff
          email={viewer.email}
          onDisabled={() => {
            setFreshCodes(null);
            settle({ enabled: false, canEnable: true }, t('twoFactor.disabled'), 'success');
          }}
        />
      )}
      {!status.enabled && setup && (
        <TwoFactorSetup
          setup={setup}
          email={viewer.email}
          onEnabled={(codes) => {
            setFreshCodes(codes);
            settle({ enabled: true, canEnable: false }, t('twoFactor.enabled'), 'success');
          }}
          onExpired={() => {
            settle(status, t('twoFactor.expired'), 'alert');
          }}
          onCancel={() => {
            setSetup(null);
          }}
        />
      )}
      {!status.enabled && !setup && <StartSetup viewer={viewer} canEnable={status.canEnable} onStarted={onStarted} />}
    </>
  );
}
