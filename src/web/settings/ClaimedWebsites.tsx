import { useState, type SyntheticEvent } from 'react';
import type { WebsiteSummary } from '../../shared/contracts/users.ts';
import { callResource } from '../api/http.ts';
import { useResource, useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { formText } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import { settingsError } from './errors.ts';
import { AreaContent } from './SettingsForm.tsx';
import styles from './settings.module.css';

export const WEBSITES_REQUEST = { name: 'UserWebsitesResource', options: {} } as const;
export const VERIFICATION_REQUEST = { name: 'WebsiteVerificationResource', options: {} } as const;

function WebsiteList({ websites, onUnclaim, busy }: { websites: WebsiteSummary[]; onUnclaim: (website: string) => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  if (websites.length === 0) return <p className={styles.intro}>{t('websitesSettings.none')}</p>;
  const date = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium' });
  return (
    <ul className={styles.websites}>
      {websites.map((site) => (
        <li key={site.website} className={styles.website}>
          <span>
            <strong>{site.website}</strong>
            <br />
            <span className={styles.intro}>{t('websitesSettings.claimedOn', { date: date.format(new Date(site.verified_at)) })}</span>
          </span>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            aria-label={t('websitesSettings.unclaim', { website: site.website })}
            onClick={() => {
              onUnclaim(site.website);
            }}
          >
            {t('websitesSettings.unclaimShort')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The member's tag, a form to claim a website that carries it, and the websites claimed (UserWebsitesResource). */
export function ClaimedWebsites() {
  const { t } = useTranslation();
  const store = useResourceStore();
  const code = useResource(VERIFICATION_REQUEST);
  const websites = useResource(WEBSITES_REQUEST);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      await store.refresh(WEBSITES_REQUEST);
      return true;
    } catch (failure) {
      setError(settingsError(t, failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const onClaim = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const website = formText(new FormData(form), 'website');
    if (await run(() => callResource('UserWebsitesResource', 'create', { website }))) form.reset();
  };

  return (
    <>
      <AreaContent state={code}>
        {(verification) => (
          <div className={styles.tag}>
            <p className={styles.subtitle}>{t('websitesSettings.tag')}</p>
            <code>{verification.metatag}</code>
          </div>
        )}
      </AreaContent>
      <form className={styles.form} method="post" noValidate onSubmit={(e) => void onClaim(e)}>
        <TextField label={t('websitesSettings.website')} name="website" type="url" inputMode="url" placeholder="example.com" required error={error} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {t('websitesSettings.claim')}
          </button>
        </div>
      </form>
      <h2 className={styles.subtitle}>{t('websitesSettings.claimed')}</h2>
      <AreaContent state={websites}>
        {(list) => (
          <WebsiteList websites={list} busy={busy} onUnclaim={(website) => void run(() => callResource('UserWebsitesResource', 'delete', { website }))} />
        )}
      </AreaContent>
    </>
  );
}
