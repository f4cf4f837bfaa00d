import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import type { SessionAccount } from '../../shared/viewer.ts';
import { otherSessionAccounts, switchAccount } from '../api/auth.ts';
import { clearClientStorage } from './client-storage.ts';
import { useLoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { useToast } from '../ui/Toasts.tsx';
import styles from './AccountMenu.module.css';

/** The login page in add-account mode: the current account stays signed in beside the new one. */
export const ADD_ACCOUNT_PATH = '/login?add_account=1';

function AccountRow({ account, onSwitch }: { account: SessionAccount; onSwitch: (account: SessionAccount) => void }) {
  const { t } = useTranslation();
  const name = account.full_name || account.username;
  return (
    <li>
      <button
        type="button"
        className={styles.switch}
        onClick={() => {
          onSwitch(account);
        }}
      >
        {account.image_medium_url ? (
          <img className={styles.avatar} src={account.image_medium_url} alt="" width={32} height={32} />
        ) : (
          <span className={styles.initial} aria-hidden="true">
            {(name.trim()[0] ?? '?').toUpperCase()}
          </span>
        )}
        <span className={styles.accountText}>
          <span className="visually-hidden">{t('header.switchTo')} </span>
          <span className={styles.accountName}>{name} </span>
          <span className={styles.email}>@{account.username}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * The other accounts signed in on this browser, read each time the menu opens (another tab may
 * have added or logged out of one), with the switch to each and "Add account".
 */
export function OtherAccounts({ activeId, open, onNavigate }: { activeId: string; open: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { setLoading } = useLoadingOverlay();
  const { showToast } = useToast();
  const [accounts, setAccounts] = useState<SessionAccount[]>([]);

  useEffect(() => {
    if (!open) return;
    let current = true;
    otherSessionAccounts(activeId).then(
      (found) => {
        if (current) setAccounts(found);
      },
      // The switcher is extra: the menu works without it.
      () => {
        if (current) setAccounts([]);
      },
    );
    return () => {
      current = false;
    };
  }, [open, activeId]);

  const onSwitch = async (account: SessionAccount) => {
    setLoading(true);
    try {
      await switchAccount(account.id);
      // What the browser kept belonged to the account we leave.
      clearClientStorage();
      window.location.assign('/');
    } catch {
      setLoading(false);
      showToast(t('error.default'));
    }
  };

  return (
    <div className={styles.accounts}>
      {accounts.length > 0 && (
        <>
          <p className={styles.signedInAs}>{t('header.otherAccounts')}</p>
          <ul className={styles.accountList}>
            {accounts.map((account) => (
              <AccountRow key={account.id} account={account} onSwitch={(a) => void onSwitch(a)} />
            ))}
          </ul>
        </>
      )}
      <a href={ADD_ACCOUNT_PATH} className={styles.link} onClick={onNavigate}>
        {t('header.addAccount')}
      </a>
    </div>
  );
}
