import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import type { NewPat as NewAccessToken } from '../../shared/contracts/auth.ts';
import { useToast } from '../ui/Toasts.tsx';
import settings from './settings.module.css';
import styles from './tokens.module.css';

/** The new token's secret, shown this once, with a copy button and the warning that it will not come back. */
export function NewTokenSecret({ token, onDone }: { token: NewAccessToken; onDone: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      showToast(t('tokens.copied'));
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select it for a manual copy.
      input.current?.select();
      showToast(t('tokens.copyManually'));
    }
  };

  return (
    <section className={styles.secret} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.secretTitle}>
        {t('tokens.newTitle', { name: token.name })}
      </h2>
      <p id={`${id}-warning`} className={styles.warning}>
        {t('tokens.newWarning')}
      </p>
      <label htmlFor={`${id}-value`} className="visually-hidden">
        {t('tokens.secretLabel')}
      </label>
      <div className={styles.secretRow}>
        <input
          ref={input}
          id={`${id}-value`}
          className={styles.secretValue}
          value={token.token}
          readOnly
          spellCheck={false}
          aria-describedby={`${id}-warning`}
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
        <button type="button" className={settings.primary} onClick={() => void onCopy()}>
          {t('tokens.copy')}
        </button>
      </div>
      <div className={settings.actions}>
        <button type="button" className={settings.secondary} onClick={onDone}>
          {t('tokens.done')}
        </button>
      </div>
    </section>
  );
}
