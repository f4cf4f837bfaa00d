import { useId, useRef } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { groupSecret } from '../../shared/mfa.ts';
import { confirmMfaSetup } from '../api/mfa.ts';
import type { MfaSetup } from '../../shared/validation/mfa.ts';
import { useToast } from '../ui/Toasts.tsx';
import { CodeAndPasswordForm } from './CodeAndPasswordForm.tsx';
import { QrCode } from './QrCode.tsx';
import settings from './settings.module.css';
import styles from './two-factor.module.css';

type Props = { setup: MfaSetup; email: string; onEnabled: (recoveryCodes: string[]) => void; onExpired: () => void; onCancel: () => void };

function SetupKey({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const id = useId();

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      showToast(t('twoFactor.copied'));
    } catch {
      // No clipboard access (an insecure origin, a refused permission): the key stays on screen.
      showToast(t('twoFactor.copyManually'));
    }
  };

  return (
    <div className={styles.key}>
      <span id={`${id}-label`} className={styles.keyLabel}>
        {t('twoFactor.keyLabel')}
      </span>
      <code aria-labelledby={`${id}-label`} className={styles.keyValue}>
        {groupSecret(secret)}
      </code>
      <button type="button" className={settings.secondary} onClick={() => void onCopy()}>
        {t('twoFactor.copyKey')}
      </button>
    </div>
  );
}

/** Scan (or type) the new secret into an authenticator app, then confirm with a code and the password. */
export function TwoFactorSetup({ setup, email, onEnabled, onExpired, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const recoveryCodes = useRef<string[]>([]);
  return (
    <ol className={styles.steps}>
      <li className={styles.step}>
        <h2 id={`${id}-scan`} className={styles.stepTitle}>
          {t('twoFactor.scanTitle')}
        </h2>
        <p className={styles.stepBody}>{t('twoFactor.scanBody')}</p>
        <div className={styles.scan}>
          <QrCode text={setup.otpauth_uri} label={t('twoFactor.qrLabel')} />
          <div className={styles.manual}>
            <SetupKey secret={setup.secret} />
            <a href={setup.otpauth_uri} className={styles.appLink}>
              {t('twoFactor.openApp')}
            </a>
          </div>
        </div>
      </li>
      <li className={styles.step}>
        <h2 id={`${id}-confirm`} className={styles.stepTitle}>
          {t('twoFactor.confirmTitle')}
        </h2>
        <p className={styles.stepBody}>{t('twoFactor.confirmBody')}</p>
        <CodeAndPasswordForm
          email={email}
          submitLabel={t('twoFactor.submitOn')}
          action={async ({ code, password }) => {
            recoveryCodes.current = await confirmMfaSetup(setup.secret, code, password);
          }}
          onDone={() => {
            onEnabled(recoveryCodes.current);
          }}
          onExpired={onExpired}
          onCancel={onCancel}
        />
      </li>
    </ol>
  );
}
