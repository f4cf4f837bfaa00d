import { DEFAULT_BOARD_SORT, boardSortOf, withBoardSort, type BoardSort, type BoardView } from '../../shared/profile-view.ts';
import { CreateBoardButton } from '../board-edit/CreateBoardButton.tsx';
import { useFeed } from '../data/resources.tsx';
import { LoadMoreSentinel } from '../grid/LoadMoreSentinel.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { BoardCard } from './BoardCard.tsx';
import { ChoiceSelect } from '../ui/ChoiceSelect.tsx';
import { boardsRequest } from './tabs.ts';
import { useProfileView } from './useProfileView.ts';
import styles from './profile.module.css';
import type { ProfileJson } from '../../shared/contracts/social.ts';

function BoardOptions({ profile, sort }: { profile: ProfileJson; sort: BoardSort }) {
  const { t } = useTranslation();
  const [view, update] = useProfileView();
  const sorts = [
    { value: 'last_saved', label: t('profile.sortLastSaved') },
    { value: 'alphabetical', label: t('profile.sortAlphabetical') },
    { value: 'newest', label: t('profile.sortNewest') },
    { value: 'oldest', label: t('profile.sortOldest') },
  ] as const;
  const views = [
    { value: 'default', label: t('profile.viewDefault') },
    { value: 'compact', label: t('profile.viewCompact') },
  ] as const;
  return (
    <div className={styles.options}>
      <ChoiceSelect<BoardSort>
        label={t('profile.sortLabel')}
        value={sort}
        choices={sorts}
        onChange={(next) => {
          update((current) => withBoardSort(current, profile.id, next));
        }}
      />
      <ChoiceSelect<BoardView>
        label={t('profile.viewLabel')}
        value={view.profileBoardView}
        choices={views}
        onChange={(next) => {
          update((current) => ({ ...current, profileBoardView: next }));
        }}
      />
      <CreateBoardButton username={profile.username} />
    </div>
  );
}

/** The boards tab (and the owner's archived boards): cards in the viewer's sort order and view. */
export function BoardsTab({ profile, archived }: { profile: ProfileJson; archived: boolean }) {
  const { t } = useTranslation();
  const [view] = useProfileView();
  const sort = archived ? DEFAULT_BOARD_SORT : boardSortOf(view, profile.id);
  const feed = useFeed(boardsRequest(profile.username, sort, archived));
  const name = profile.first_name || profile.username;
  if (feed.status === 'loading') {
    return (
      <div className={styles.empty}>
        <Spinner label={t('route.loading')} />
      </div>
    );
  }
  if (feed.status === 'error') return <p className={styles.empty}>{t('error.default')}</p>;
  return (
    <>
      {!archived && <BoardOptions profile={profile} sort={sort} />}
      {feed.items.length === 0 ? (
        <p className={styles.empty}>{archived ? t('profile.noArchivedBoards') : profile.is_me ? t('profile.noBoardsMine') : t('profile.noBoards', { name })}</p>
      ) : (
        <ul
          className={view.profileBoardView === 'compact' ? styles.boardsCompact : styles.boards}
          aria-label={archived ? t('profile.archivedLabel') : t('profile.boardsLabel', { name })}
        >
          {feed.items.map((board) => (
            <BoardCard key={board.id} board={board} />
          ))}
        </ul>
      )}
      <LoadMoreSentinel hasMore={!feed.atEnd} fetching={feed.fetching} loadMore={feed.loadMore} />
    </>
  );
}
