import type { ReactNode } from 'react';
import { useViewer } from '../app/context.ts';
import { CreateMenu } from '../board-edit/CreateMenu.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import { headerSection } from './header-section.ts';
import { ExploreIcon, HomeIcon, LogInIcon, ProfileIcon, SignUpIcon, TodayIcon } from './nav-icons.tsx';
import styles from './BottomNav.module.css';

type Section = ReturnType<typeof headerSection> | 'profile' | 'login' | 'signup';

/** Which bar item a path belongs to: the header's sections, then the viewer's profile and the account pages. */
function barSection(pathname: string, username: string | null): Section {
  const section = headerSection(pathname);
  if (section) return section;
  if (username !== null && pathname.startsWith(`/${encodeURIComponent(username)}/`)) return 'profile';
  if (pathname === '/login') return 'login';
  if (pathname === '/signup') return 'signup';
  return null;
}

function BarLink({ href, current, icon, label }: { href: string; current: boolean; icon: ReactNode; label: string }) {
  return (
    <a href={href} className={styles.item} aria-current={current ? 'page' : undefined}>
      {icon}
      <span className={styles.label}>{label}</span>
    </a>
  );
}

/**
 * The phone's navigation, fixed to the bottom edge (CSS hides it from 768 px up, where the header
 * has room for it): the hubs for everyone, then Create and Profile for a member, Log in and Sign
 * up for a visitor, whose header then keeps its width for the search field.
 */
export function BottomNav() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { view } = useRouter();
  const current = barSection(view.location.pathname, viewer?.username ?? null);
  return (
    <nav className={styles.bar} aria-label={t('header.navigationBar')}>
      <BarLink href="/" current={current === 'home'} icon={<HomeIcon />} label={t('header.home')} />
      <BarLink href="/today/" current={current === 'today'} icon={<TodayIcon />} label={t('header.today')} />
      <BarLink href="/ideas/" current={current === 'explore'} icon={<ExploreIcon />} label={t('header.explore')} />
      {viewer ? (
        <>
          <CreateMenu bar={{ className: styles.item, labelClassName: styles.label }} />
          <BarLink href={`/${encodeURIComponent(viewer.username)}/`} current={current === 'profile'} icon={<ProfileIcon />} label={t('header.profile')} />
        </>
      ) : (
        <>
          <BarLink href="/login" current={current === 'login'} icon={<LogInIcon />} label={t('header.logIn')} />
          <BarLink href="/signup" current={current === 'signup'} icon={<SignUpIcon />} label={t('header.signUp')} />
        </>
      )}
    </nav>
  );
}
