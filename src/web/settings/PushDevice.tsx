import { useEffect, useState } from 'react';
import { pushState, turnPushOff, turnPushOn, type PushState } from '../api/push.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { settingsError } from './errors.ts';
import settings from './settings.module.css';
import styles from './PushDevice.module.css';

/**
 * Push on this device (docs/decisions/0053-push-and-email.md): the switches below choose which news
 * goes by push; this button lets the device receive it. The permission prompt appears only when the
 * member presses the button, never on page load. Until the page has asked the browser (after
 * hydration) the block keeps its place with the text alone, so nothing shifts.
 */
export function PushDevice() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void pushState().then(
      (found) => {
        if (current) setState(found);
      },
      () => {
        if (current) setState('unsupported');
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const change = async (turn: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await turn());
    } catch (failure) {
      setError(settingsError(t, failure) ?? null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.device} aria-labelledby="push-device-title" data-testid="push-device">
      <h2 id="push-device-title" className={settings.subtitle}>
        {t('pushDevice.title')}
      </h2>
      <p role="status" className={styles.status}>
        {state === null ? '' : t(`pushDevice.state.${state}`)}
      </p>
      <div className={state === null || state === 'off' || state === 'on' ? styles.slot : undefined}>
        {(state === 'off' || state === 'on') && (
          <button
            type="button"
            className={state === 'off' ? settings.primary : settings.secondary}
            disabled={busy}
            onClick={() => void change(state === 'off' ? turnPushOn : turnPushOff)}
          >
            {t(state === 'off' ? 'pushDevice.turnOn' : 'pushDevice.turnOff')}
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className={settings.alert}>
          {error}
        </p>
      )}
    </section>
  );
}
