import type { PinDensity } from '../../shared/profile-view.ts';
import { useFeed, useResource } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import { PinGrid } from '../pins/PinGrid.tsx';
import { ChoiceSelect } from '../ui/ChoiceSelect.tsx';
import { useProfileView } from '../profile/useProfileView.ts';
import type { HeadContext, PageHead, PageProps } from '../router/types.ts';
import { BoardActions } from './BoardActions.tsx';
import { BoardHeader } from './BoardHeader.tsx';
import { boardPinsRequest, boardRequest, sectionList, sectionsRequest } from '../board-edit/board-requests.ts';
import { SectionsRow } from './SectionsRow.tsx';
import { BoardOrganize } from '../organize/BoardOrganize.tsx';
import styles from './board.module.css';
import type { BoardJson } from '../../shared/contracts/boards.ts';

export function boardHead(context: HeadContext): PageHead {
  const { username = '', slug = '' } = context.params;
  const board = context.data(boardRequest(username, slug)) as BoardJson | undefined;
  if (!board) return unloadedHead(context);
  const owner = board.owner.full_name || board.owner.username;
  // A secret board is only ever shown to its owner and collaborators; it has no place in an index.
  const title = context.t('board.pageTitle', { name: board.name, owner });
  const cover = board.cover_images?.['736x'] ?? board.cover_images?.['474x'];
  const preview = {
    description: board.description.trim() || title,
    type: 'website' as const,
    image: cover ? { url: cover.url, width: cover.width, height: cover.height, alt: board.name } : undefined,
  };
  return { title, canonicalPath: board.url, noindex: board.privacy === 'secret', member: board.owner.username, preview };
}

/** The density choice of board grids (boardPinDensity of the profile view). */
export function BoardDensity() {
  const { t } = useTranslation();
  const [view, update] = useProfileView();
  const choices = [
    { value: 'default', label: t('grid.densityDefault') },
    { value: 'compact', label: t('grid.densityCompact') },
  ] as const;
  return (
    <ChoiceSelect<PinDensity>
      label={t('grid.density')}
      value={view.boardPinDensity}
      choices={choices}
      onChange={(density) => {
        update((current) => ({ ...current, boardPinDensity: density }));
      }}
    />
  );
}

function BoardView({ board, username, slug }: { board: BoardJson; username: string; slug: string }) {
  const { t } = useTranslation();
  const sections = sectionList(useResource(sectionsRequest(username, slug)).data);
  const feed = useFeed(boardPinsRequest(username, slug));
  const [view] = useProfileView();
  const hasSections = (sections?.length ?? 0) > 0;
  const empty = feed.status === 'ready' && feed.items.length === 0;
  return (
    <div className={styles.page}>
      <BoardHeader board={board} />
      <BoardActions board={board} />
      <BoardOrganize board={board} pins={feed.items} sections={sections ?? []} />
      <SectionsRow board={board} sections={sections ?? []} />
      {empty && !hasSections && <p className={styles.empty}>{t('board.empty')}</p>}
      {!empty && (
        <section aria-labelledby="board-pins-heading">
          <div className={styles.toolbar}>
            <h2 id="board-pins-heading" className={styles.subheading}>
              {hasSections ? t('board.unsectionedHeading') : t('board.pinsHeading')}
            </h2>
            <BoardDensity />
          </div>
          <PinGrid feed={feed} label={t('board.gridLabel', { name: board.name })} density={view.boardPinDensity} />
        </section>
      )}
    </div>
  );
}

/** /:username/:slug: a board with its sections and its pins in the grid. */
export function BoardPage({ params }: PageProps) {
  const { username = '', slug = '' } = params;
  const board = useResource(boardRequest(username, slug));
  if (board.status !== 'ready') return <PageStatus state={board} />;
  return <BoardView board={board.data} username={username} slug={slug} />;
}
