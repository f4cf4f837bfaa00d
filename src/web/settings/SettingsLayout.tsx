import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { loginPathFor } from '../../shared/next-location.ts';
import { useViewer } from '../app/context.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { SettingsNav } from './SettingsNav.tsx';
import styles from './settings.module.css';

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
