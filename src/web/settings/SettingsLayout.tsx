import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { loginPathFor } from '../../shared/next-location.ts';
import { SETTINGS_PATHS } from '../../shared/settings.ts';
import { useViewer } from '../app/context.ts';
import { useRouter } from '../router/Router.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import styles from './settings.module.css';

const LINKS = [
  { href: SETTINGS_PATHS.profile, label: 'settings.profile' },
  { href: SETTINGS_PATHS.password, label: 'settings.password' },
  { href: SETTINGS_PATHS.twoFactor, label: 'settings.twoFactor' },
  { href: SETTINGS_PATHS.accessTokens, label: 'settings.accessTokens' },
] as const;

function SettingsNav() {
  const { t } = useTranslation();
  const { view } = useRouter();
  const current = view.location.pathname.replace(/\/$/, '');
  return (
    <nav className={styles.nav} aria-label={t('settings.navigation')}>
      <ul className={styles.navList}>
        {LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={styles.navLink} aria-current={current === link.href ? 'page' : undefined}>
              {t(link.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A visitor who reached a settings page in the browser (a session ended meanwhile) logs in first. */
function SignInFirst() {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.replace(loginPathFor(window.location.pathname + window.location.search));
  }, []);
  return (
    <div className={styles.loading}>
      <Spinner label={t('overlay.loading')} />
    </div>
  );
}

/** The settings navigation beside (on a phone, above) one settings page. */
export function SettingsLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const viewer = useViewer();
  if (!viewer) return <SignInFirst />;
  return (
    <div className={styles.layout}>
      <SettingsNav />
      <section className={styles.content} aria-labelledby="settings-title">
        <h1 id="settings-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.intro}>{intro}</p>
        {children}
      </section>
    </div>
  );
}
