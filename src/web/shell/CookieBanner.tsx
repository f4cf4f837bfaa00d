import { useState, useSyncExternalStore } from 'react';
import { CONSENT_CATEGORIES, CONSENT_COOKIE, parseConsentCookie, type ConsentCategory } from '../../shared/consent.ts';
import type { CookieConsentInput } from '../../shared/contracts/users.ts';
import { callResource, readCookie } from '../api/http.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useToast } from '../ui/Toasts.tsx';
import styles from './CookieBanner.module.css';

/** The browser's answer so far: a choice in the consent cookie (set by the server with the answer, or for a member on their pages). */
function hasChosen(): boolean {
  return parseConsentCookie(readCookie(CONSENT_COOKIE)) !== null;
}

function noSubscription(): () => void {
  return () => undefined;
}

const FLAG: Record<ConsentCategory, 'allow_personalization_cookies' | 'allow_analytic_cookies' | 'allow_marketing_cookies'> = {
  personalization: 'allow_personalization_cookies',
  analytics: 'allow_analytic_cookies',
  marketing: 'allow_marketing_cookies',
};

/**
 * The cookie banner, for visitors and members who have not chosen: accept all, reject all, or
 * each category. Nothing is allowed until they choose (the flags default to false); once chosen it
 * does not come back. Drawn after hydration only: the server renders one page for every visitor.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const chosenAtLoad = useSyncExternalStore(noSubscription, hasChosen, () => true);
  const [answered, setAnswered] = useState(false);
  const [custom, setCustom] = useState(false);
  const [flags, setFlags] = useState<Record<ConsentCategory, boolean>>({ personalization: false, analytics: false, marketing: false });
  const [busy, setBusy] = useState(false);
  if (chosenAtLoad || answered) return null;

  const answer = async (input: CookieConsentInput) => {
    setBusy(true);
    try {
      await callResource('CookieConsentResource', 'update', input);
      setAnswered(true);
    } catch {
      setBusy(false);
      showToast(t('cookies.failed'));
    }
  };
  const saveChoices = () =>
    answer({
      consent: 'custom',
      allow_personalization_cookies: flags.personalization,
      allow_analytic_cookies: flags.analytics,
      allow_marketing_cookies: flags.marketing,
    });

  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-title" data-cookie-banner>
      <h2 id="cookie-banner-title" className={styles.title}>
        {t('cookies.title')}
      </h2>
      <p className={styles.text}>{t('cookies.text')}</p>
      {custom && (
        <fieldset className={styles.categories}>
          <legend className={styles.legend}>{t('cookies.categories')}</legend>
          {CONSENT_CATEGORIES.map((category) => (
            <label key={category} className={styles.category}>
              <input
                type="checkbox"
                name={FLAG[category]}
                checked={flags[category]}
                onChange={(e) => {
                  setFlags({ ...flags, [category]: e.target.checked });
                }}
              />
              <span>
                <span className={styles.categoryName}>{t(`cookies.${category}`)}</span>
                <span className={styles.categoryText}>{t(`cookies.${category}Text`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className={styles.actions}>
        {custom ? (
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void saveChoices()}>
            {t('cookies.save')}
          </button>
        ) : (
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => {
              setCustom(true);
            }}
          >
            {t('cookies.choose')}
          </button>
        )}
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => void answer({ consent: 'reject_all' })}>
          {t('cookies.rejectAll')}
        </button>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => void answer({ consent: 'allow_all' })}>
          {t('cookies.acceptAll')}
        </button>
      </div>
    </section>
  );
}
