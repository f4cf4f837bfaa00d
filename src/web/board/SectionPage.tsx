import { useFeed, useResource } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import { PinGrid } from '../pins/PinGrid.tsx';
import { useProfileView } from '../profile/useProfileView.ts';
import type { HeadContext, PageHead, PageProps } from '../router/types.ts';
import { BoardDensity } from './BoardPage.tsx';
import { LockIcon } from '../ui/LockIcon.tsx';
import { boardRequest, oneSection, sectionPinsRequest, sectionRequest } from '../board-edit/board-requests.ts';
import { sectionPath } from './SectionsRow.tsx';
import { BoardOrganize } from '../organize/BoardOrganize.tsx';
import styles from './board.module.css';
import type { BoardJson, SectionJson } from '../../shared/contracts/boards.ts';

export function sectionHead(context: HeadContext): PageHead {
  const { username = '', slug = '', section = '' } = context.params;
  const board = context.data(boardRequest(username, slug)) as BoardJson | undefined;
  const found = oneSection(context.data(sectionRequest(username, slug, section)) as SectionJson | undefined);
  if (!board || !found) return unloadedHead(context);
  return {
    title: context.t('board.sectionPageTitle', { section: found.title, name: board.name }),
    canonicalPath: sectionPath(board, found),
    noindex: board.privacy === 'secret',
    member: board.owner.username,
  };
}

function SectionView({ board, section, params }: { board: BoardJson; section: SectionJson; params: Record<string, string> }) {
  const { t } = useTranslation();
  const { username = '', slug = '', section: sectionSlug = '' } = params;
  const feed = useFeed(sectionPinsRequest(username, slug, sectionSlug));
  const [view] = useProfileView();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.crumb}>
          <a href={board.url}>{board.name}</a>
          {board.privacy === 'secret' && <LockIcon label={t('board.secret')} />}
        </p>
        <h1 className={styles.name}>{section.title}</h1>
        <p className={styles.counts}>{t('board.pinCount', { count: section.pin_count })}</p>
      </header>
      <BoardOrganize board={board} pins={feed.items} sections={[section]} />
      {feed.status === 'ready' && feed.items.length === 0 ? (
        <p className={styles.empty}>{t('board.sectionEmpty')}</p>
      ) : (
        <section aria-label={t('board.gridLabel', { name: section.title })}>
          <div className={styles.toolbar}>
            <span />
            <BoardDensity />
          </div>
          <PinGrid feed={feed} label={t('board.gridLabel', { name: section.title })} density={view.boardPinDensity} />
        </section>
      )}
    </div>
  );
}

/** /:username/:slug/:section: one section of a board and its pins. */
export function SectionPage({ params }: PageProps) {
  const { username = '', slug = '', section = '' } = params;
  const board = useResource(boardRequest(username, slug));
  const found = useResource(sectionRequest(username, slug, section));
  if (board.status !== 'ready') return <PageStatus state={board} />;
  if (found.status !== 'ready') return <PageStatus state={found} />;
  const one = oneSection(found.data);
  return one ? <SectionView board={board.data} section={one} params={params} /> : null;
}
