import { useRef, useState } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import type { NewPat as NewAccessToken, PatSummary as AccessToken } from '../../shared/contracts/auth.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { CreateTokenForm } from './CreateTokenForm.tsx';
import { NewTokenSecret } from './NewTokenSecret.tsx';
import { RevokeTokenDialog } from './RevokeTokenDialog.tsx';
import { TokenList } from './TokenList.tsx';
import { useAccessTokens, type TokensState } from './useAccessTokens.ts';
import { useDialog } from '../ui/useDialog.ts';
import settings from './settings.module.css';
import styles from './tokens.module.css';

function Tokens({ state, onRetry, onRevoke }: { state: TokensState; onRetry: () => void; onRevoke: (token: AccessToken) => void }) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <Spinner label={t('overlay.loading')} size={32} />;
  if (state.status === 'failed') {
    return (
      <div className={styles.failed}>
        <p role="alert" className={settings.alert}>
          {state.message}
        </p>
        <button type="button" className={settings.secondary} onClick={onRetry}>
          {t('tokens.retry')}
        </button>
      </div>
    );
  }
  return <TokenList tokens={state.tokens} onRevoke={onRevoke} />;
}

/** Create a token (its secret shown once), list the live ones, revoke one after a confirmation. */
export function AccessTokens() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { state, reload, added, removed } = useAccessTokens();
  const [fresh, setFresh] = useState<NewAccessToken | null>(null);
  const revoking = useDialog<AccessToken>();
  const listHeading = useRef<HTMLHeadingElement>(null);

  const onCreated = (token: NewAccessToken) => {
    setFresh(token);
    added(token);
  };

  const onRevoked = (token: AccessToken) => {
    revoking.close();
    removed(token.id);
    if (fresh?.id === token.id) setFresh(null);
    showToast(t('tokens.revoked'));
    // The button that opened the dialog is gone with its token; the list keeps the focus nearby.
    listHeading.current?.focus();
  };

  return (
    <>
      {fresh ? (
        <NewTokenSecret
          token={fresh}
          onDone={() => {
            setFresh(null);
          }}
        />
      ) : (
        <CreateTokenForm onCreated={onCreated} />
      )}
      <h2 ref={listHeading} tabIndex={-1} className={styles.listHeading}>
        {t('tokens.listHeading')}
      </h2>
      <Tokens state={state} onRetry={reload} onRevoke={revoking.open} />
      {revoking.shown && <RevokeTokenDialog key={revoking.shown.key} token={revoking.shown.value} onRevoked={onRevoked} onCancel={revoking.shown.onClose} />}
    </>
  );
}
