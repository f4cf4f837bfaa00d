import { useTranslation } from '../i18n/translate.tsx';
import { useViewer } from '../app/context.ts';
import type { HeadContext, PageHead } from '../router/types.ts';
import styles from './HomePage.module.css';

export function homeHead({ t, viewer }: HeadContext): PageHead {
  return { title: viewer ? t('home.pageTitleMember') : t('home.pageTitle'), canonicalPath: '/' };
}

/** Decorative colour tiles for the landing; no content, so no fake pins. */
const TILE_HEIGHTS = [180, 240, 140, 220, 260, 160, 200, 150, 230, 190, 170, 250];

function Mosaic() {
  return (
    <div className={styles.mosaic} aria-hidden="true">
      {TILE_HEIGHTS.map((height, index) => (
        <span key={index} className={styles.tile} style={{ blockSize: height }} data-tone={index % 6} />
      ))}
    </div>
  );
}

function Landing() {
  const { t } = useTranslation();
  return (
    <section className={styles.landing} aria-labelledby="landing-heading">
      <div className={styles.intro}>
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
      </div>
      <Mosaic />
    </section>
  );
}

function MemberHome({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.member} aria-labelledby="home-heading">
      <h1 id="home-heading" className={styles.memberHeading}>
        {t('home.welcome', { name })}
      </h1>
      <div className={styles.empty}>
        <h2 className={styles.emptyTitle}>{t('home.emptyTitle')}</h2>
        <p className={styles.emptyBody}>{t('home.emptyBody')}</p>
      </div>
    </section>
  );
}

/** Home: the landing for visitors; for members the home feed (which arrives with its own issue). */
export function HomePage() {
  const viewer = useViewer();
  if (!viewer) return <Landing />;
  return <MemberHome name={viewer.first_name || viewer.username} />;
}
