import { useEffect, useId, useRef, useState, type ComponentType, type RefObject } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { useViewer } from '../app/context.ts';
import { CreateMenu } from '../board-edit/CreateMenu.tsx';
import { withPageTexts } from '../i18n/i18n.ts';
import { useRouter } from '../router/Router.tsx';
import { searchedQuery } from '../search/search-query.ts';
import { NewsHubBell } from '../news/NewsHubBell.tsx';
import { MessagesButton } from '../messages/MessagesButton.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { headerSection } from './header-section.ts';
import { Logo } from '../ui/Logo.tsx';
import styles from './Header.module.css';

// The suggestions load on the field's first focus, so the first load stays light; until they are in
// (and without JavaScript) the form is a plain GET of the search page.
const loadTypeahead = withPageTexts(() => import('./typeahead/Typeahead.tsx'));

/** The query of the search page on view, empty elsewhere: a guide, a correction or a shared link leads to one too. */
function useSearchedQuery(): string {
  const { location } = useRouter().view;
  const scope = /^\/search\/([^/]+)\/?$/.exec(location.pathname)?.[1];
  return scope === undefined ? '' : searchedQuery(scope, location.search);
}

function SearchField() {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const searched = useSearchedQuery();
  // The field shows what the page is a search for, after each navigation; typing changes it freely.
  useEffect(() => {
    if (inputRef.current) inputRef.current.value = searched;
  }, [searched]);
  const [Typeahead, setTypeahead] = useState<ComponentType<{ inputRef: RefObject<HTMLInputElement | null> }> | null>(null);
  const load = () => {
    loadTypeahead().then(
      (module) => {
        setTypeahead(() => module.Typeahead);
      },
      () => undefined,
    );
  };
  return (
    <form className={styles.search} role="search" action="/search/pins/" method="get" onFocus={Typeahead ? undefined : load}>
      <label htmlFor={id} className="visually-hidden">
        {t('header.searchLabel')}
      </label>
      <svg className={styles.searchIcon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" fill="currentColor" />
      </svg>
      <input
        ref={inputRef}
        id={id}
        className={styles.searchInput}
        type="search"
        name="q"
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        maxLength={200}
        defaultValue={searched}
      />
      {Typeahead && <Typeahead inputRef={inputRef} />}
    </form>
  );
}

function NavLink({ href, section, label }: { href: string; section: ReturnType<typeof headerSection>; label: string }) {
  const { view } = useRouter();
  return (
    <a href={href} className={styles.navLink} aria-current={headerSection(view.location.pathname) === section ? 'page' : undefined}>
      {label}
    </a>
  );
}

/**
 * Logo, navigation, search and the account controls; 80 px tall, 56 px on a phone, where the
 * navigation, Create, Log in and Sign up move to the bottom bar and leave the width to the search
 * (a member's logo too: the bar's Home is there, and the bell, messages and account stay).
 */
export function Header() {
  const { t } = useTranslation();
  const viewer = useViewer();
  return (
    <header className={viewer ? `${styles.header} ${styles.member}` : styles.header}>
      <a href="/" className={styles.logo} aria-label={t('header.homeLink')}>
        <Logo />
        <span className={styles.wordmark}>Corkboard</span>
      </a>
      <nav className={styles.nav} aria-label={t('header.navigation')}>
        {viewer && <NavLink href="/" section="home" label={t('header.home')} />}
        <NavLink href="/today/" section="today" label={t('header.today')} />
        <NavLink href="/ideas/" section="explore" label={t('header.explore')} />
      </nav>
      <SearchField />
      {viewer ? (
        <>
          <div className={styles.wideOnly}>
            <CreateMenu />
          </div>
          <NewsHubBell />
          <MessagesButton />
          <AccountMenu viewer={viewer} />
        </>
      ) : (
        <div className={`${styles.visitor} ${styles.wideOnly}`}>
          <a href="/login" className={styles.login}>
            {t('header.logIn')}
          </a>
          <a href="/signup" className={styles.signup}>
            {t('header.signUp')}
          </a>
        </div>
      )}
    </header>
  );
}
