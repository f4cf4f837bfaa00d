import { memo, Suspense } from 'react';
import type { Viewer } from '../../shared/viewer.ts';
import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import type { HeadContext, PageHead } from '../router/types.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { homeFeedModule } from './feed-chunk.ts';
import { landingPinsModule } from './landing-chunk.ts';
import styles from './HomePage.module.css';

export function homeHead({ t, viewer }: HeadContext): PageHead {
  return { title: viewer ? t('home.pageTitleMember') : t('home.pageTitle'), canonicalPath: '/' };
}

/** The landing's pins arrive in their own chunk; the server renders them in place. */
function LandingSlot() {
  const { LandingPins } = landingPinsModule.useModule();
  return <LandingPins />;
}

// Memoized as the member's feed boundary is (below), so hydration keeps the server's markup.
const LandingBoundary = memo(function LandingBoundary() {
  const { t } = useTranslation();
  const fallback = (
    <div className={styles.loading}>
      <Spinner label={t('route.loading')} />
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <LandingSlot />
    </Suspense>
  );
});

/** The signed-out home: what the instance is, the sign-up prompt, and its public pins. */
function Landing() {
  const { t } = useTranslation();
  return (
    <div className={styles.landing}>
      <section className={styles.intro} aria-labelledby="landing-heading">
        <h1 id="landing-heading" className={styles.heading}>
          {t('home.landingHeading')}
        </h1>
        <p className={styles.lead}>{t('home.landingBody')}</p>
        <div className={styles.actions}>
          <a href="/signup" className={styles.primary}>
            {t('header.signUp')}
          </a>
          <a href="/login" className={styles.secondary}>
            {t('header.logIn')}
          </a>
        </div>
      </section>
      <LandingBoundary />
    </div>
  );
}

/** The feed's module arrives with its texts; until then the boundary shows the server's markup or a spinner. */
function FeedSlot({ userId }: { userId: string }) {
  const { HomeFeed } = homeFeedModule.useModule();
  return <HomeFeed userId={userId} />;
}

// Memoized so that a re-render of the page above cannot reach a boundary still waiting to hydrate
// (which would make React drop the server's markup and render it afresh).
const FeedBoundary = memo(function FeedBoundary({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const fallback = (
    <div className={styles.loading}>
      <Spinner label={t('route.loading')} />
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <FeedSlot userId={userId} />
    </Suspense>
  );
});

function MemberHome({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  return (
    <section className={styles.member} aria-labelledby="home-heading">
      <h1 id="home-heading" className="visually-hidden">
        {t('home.welcome', { name: viewer.first_name || viewer.username })}
      </h1>
      <FeedBoundary userId={viewer.id} />
    </section>
  );
}

/** Home: the landing for visitors; for members their home feed. */
export function HomePage() {
  const viewer = useViewer();
  if (!viewer) return <Landing />;
  return <MemberHome viewer={viewer} />;
}
