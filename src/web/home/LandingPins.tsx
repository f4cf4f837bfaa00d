import { useId } from 'react';
import { useFeed } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PinGrid } from '../pins/PinGrid.tsx';
import { landingPinsRequest } from './requests.ts';
import styles from './LandingPins.module.css';

/**
 * The spec's 'login for more' prompt, where a visitor's browsing of the landing ends: the rest of
 * the instance (a home feed of one's own, saving, following) is for members.
 */
function LoginForMore() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <aside className={styles.more} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.moreHeading}>
        {t('landing.loginForMoreHeading')}
      </h2>
      <p className={styles.moreBody}>{t('landing.loginForMoreBody')}</p>
      <div className={styles.moreActions}>
        <a href="/login" className={styles.login}>
          {t('header.logIn')}
        </a>
        <a href="/signup" className={styles.signup}>
          {t('header.signUp')}
        </a>
      </div>
    </aside>
  );
}

/** The instance's public pins on the signed-out home (LandingPinsResource), then the prompt to log in for more. */
export function LandingPins() {
  const { t } = useTranslation();
  const feed = useFeed(landingPinsRequest());
  const headingId = useId();
  // An instance without public pins (or a failed read) shows the sign-up prompt alone.
  if (feed.status !== 'ready' || feed.items.length === 0) return null;
  return (
    <>
      <section className={styles.pins} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          {t('landing.pinsHeading')}
        </h2>
        <PinGrid feed={feed} label={t('landing.gridLabel')} />
      </section>
      <LoginForMore />
    </>
  );
}
