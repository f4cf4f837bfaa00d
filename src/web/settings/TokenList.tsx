import { useMemo } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { htmlLang } from '../../shared/locale.ts';
import type { PatSummary as AccessToken } from '../../shared/contracts/auth.ts';
import { useApp } from '../app/context.ts';
import settings from './settings.module.css';
import styles from './tokens.module.css';

function useDateFormat(): (iso: string) => string {
  const { bootstrap } = useApp();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(htmlLang(bootstrap.locale), { dateStyle: 'medium' });
    return (iso: string) => format.format(new Date(iso));
  }, [bootstrap.locale]);
}

function TokenItem({ token, onRevoke }: { token: AccessToken; onRevoke: (token: AccessToken) => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const nameId = `token-${token.id}-name`;
  return (
    <li className={styles.item}>
      <div className={styles.details}>
        <p id={nameId} className={styles.name}>
          {token.name}
        </p>
        <p className={styles.meta}>
          <span>{t('tokens.created', { date: formatDate(token.created_at) })}</span>
          <span>{token.last_used_at ? t('tokens.lastUsed', { date: formatDate(token.last_used_at) }) : t('tokens.neverUsed')}</span>
        </p>
        <p className={styles.meta}>{t('tokens.scopes', { scopes: token.scopes.join(', ') })}</p>
      </div>
      <button
        type="button"
        className={settings.secondary}
        aria-describedby={nameId}
        onClick={() => {
          onRevoke(token);
        }}
      >
        {t('tokens.revoke')}
      </button>
    </li>
  );
}

/** The viewer's live tokens: name, created, last used, and a revoke button each. */
export function TokenList({ tokens, onRevoke }: { tokens: AccessToken[]; onRevoke: (token: AccessToken) => void }) {
  const { t } = useTranslation();
  if (tokens.length === 0) return <p className={styles.empty}>{t('tokens.empty')}</p>;
  return (
    <ul className={styles.list}>
      {tokens.map((token) => (
        <TokenItem key={token.id} token={token} onRevoke={onRevoke} />
      ))}
    </ul>
  );
}
