import { useId, useState } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { SETTINGS_GROUPS, SETTINGS_PATHS, type SettingsArea } from '../../shared/settings.ts';
import { useRouter } from '../router/Router.tsx';
import styles from './SettingsNav.module.css';

/** The settings area a path belongs to; /settings itself is the account area. */
export function areaOf(pathname: string): SettingsArea | null {
  const path = pathname.replace(/\/$/, '') || '/';
  if (path === '/settings') return 'account';
  const found = (Object.keys(SETTINGS_PATHS) as SettingsArea[]).find((area) => SETTINGS_PATHS[area] === path);
  return found ?? null;
}

/**
 * Every settings area in its group: a side column on larger screens; on a phone, one button naming
 * the current area that opens the same list, so the page's form is the first thing in sight.
 */
export function SettingsNav() {
  const { t } = useTranslation();
  const { view } = useRouter();
  const current = areaOf(view.location.pathname);
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav className={styles.nav} aria-label={t('settings.navigation')}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          setOpen((was) => !was);
        }}
      >
        <span>{current ? t(`settings.area.${current}`) : t('settings.navigation')}</span>
        <span className={styles.toggleHint}>{t(open ? 'settings.menuClose' : 'settings.menuOpen')}</span>
      </button>
      <div id={listId} className={styles.groups} data-open={open}>
        {SETTINGS_GROUPS.map((group) => (
          <div key={group.name} className={styles.group}>
            <h2 id={`${listId}-${group.name}`} className={styles.groupTitle}>
              {t(`settings.group.${group.name}`)}
            </h2>
            <ul className={styles.list} aria-labelledby={`${listId}-${group.name}`}>
              {group.areas.map((area) => (
                <li key={area}>
                  <a href={SETTINGS_PATHS[area]} className={styles.link} aria-current={area === current ? 'page' : undefined}>
                    {t(`settings.area.${area}`)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
