import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../api/http.ts';
import { peekQuery, runQuery } from '../api/graphql.ts';
import { changeItems, type ResourceStore } from '../data/resource-store.ts';
import type { TypedRequest } from '../api/resource-types.ts';
import { useResourceStore, type FeedState } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { FEED_END, resourceKey, type ResourceFailure } from '../../shared/resource-cache.ts';
import { PinGrid } from '../pins/PinGrid.tsx';
import type { BoardPrivacy, PinJson } from '../pins/types.ts';
import type { DataOf, GraphQLBoard, GraphQLPin } from '../../shared/contracts/graphql.ts';
import styles from './RelatedPins.module.css';
import type { MediaImage } from '../../shared/contracts/media.ts';
import type { BoardRef } from '../../shared/contracts/pins.ts';

type RelatedPage = DataOf<'CloseupRelatedModulesFeedQuery'>;

const privacyOf = (privacy: string | null): BoardPrivacy => (privacy === 'secret' ? 'secret' : 'public');
const boardOf = (board: GraphQLBoard | null): BoardRef | null => (board ? { ...board, privacy: privacyOf(board.privacy) } : null);

/** A GraphQL pin as the grid's tiles read pins; what the query does not ask for takes a neutral value. */
export function tilePin(pin: GraphQLPin): PinJson {
  const images =
    pin.images &&
    Object.fromEntries(pin.images.map(({ size, dominantColor, ...image }): [string, MediaImage] => [size, { ...image, dominant_color: dominantColor }]));
  const saved = pin.savedInfo;
  return {
    type: 'pin',
    id: pin.id,
    title: pin.title,
    grid_title: pin.gridTitle,
    description: pin.description,
    alt_text: pin.altText,
    link: pin.link,
    domain: pin.domain,
    created_at: pin.createdAt,
    is_video: pin.isVideo,
    media_status: images ? 'ready' : 'processing',
    images,
    videos: null,
    dominant_color: pin.dominantColor,
    image_signature: pin.imageSignature,
    placeholder: pin.placeholder,
    repin_count: pin.repinCount,
    pinner: {
      type: 'user',
      id: pin.pinner.id,
      entity_id: pin.pinner.id,
      username: pin.pinner.username,
      full_name: pin.pinner.fullName,
      first_name: '',
      profile_url: pin.pinner.profileUrl,
      image_small_url: pin.pinner.imageSmallUrl,
      image_medium_url: null,
      image_large_url: null,
      follower_count: 0,
      explicitly_followed_by_me: false,
      followed_by_me: false,
      blocked_by_me: false,
    },
    board: boardOf(pin.board),
    saved_info: saved && {
      board_id: saved.boardId,
      local_pin_id: saved.localPinId,
      section_id: saved.sectionId,
      title: saved.title,
      type: saved.type === 'section' ? 'section' : 'board',
      url: saved.url,
    },
    pinned_to_board: boardOf(pin.pinnedToBoard),
    privacy: pin.pinnedToBoard ? privacyOf(pin.pinnedToBoard.privacy) : null,
    attribution: null,
    rich_metadata: null,
  };
}

type Page = { pins: PinJson[]; endCursor: string | null; hasNextPage: boolean };

const variablesFor = (pinId: string, after: string | null) => ({ pinId, source: 'closeup', ...(after ? { after } : {}) });

function pageOf(data: RelatedPage): Page {
  const feed = data.closeupRelatedModules;
  if (!feed) return { pins: [], endCursor: null, hasNextPage: false };
  // The spec's related modules are pins, stories and explore articles; ours are pins only so far.
  const pins = feed.edges.map(({ node }) => tilePin(node));
  return { pins, ...feed.pageInfo };
}

type Feed = {
  status: 'loading' | 'ready' | 'error';
  items: PinJson[];
  endCursor: string | null;
  hasNextPage: boolean;
  fetching: boolean;
  error: ResourceFailure | null;
};

/** The related feed's first page as the page server reads it (so the HTML holds it), for the same pin. */
export function relatedPinsRequest(pinId: string): TypedRequest<'RelatedPinFeedResource'> {
  return { name: 'RelatedPinFeedResource', options: { pin_id: pinId } };
}

/** The first page the page server rendered, continued by the query from its bookmark (the same service's). */
function serverPage(store: ResourceStore, pinId: string): Page | null {
  const entry = store.get(resourceKey(relatedPinsRequest(pinId)));
  if (entry?.status !== 'ready' || !Array.isArray(entry.data)) return null;
  const endCursor = entry.bookmark && entry.bookmark !== FEED_END ? entry.bookmark : null;
  return { pins: entry.data as PinJson[], endCursor, hasNextPage: endCursor !== null };
}

/**
 * The pages of this pin's feed the GraphQL cache still holds, in order: coming back shows them at
 * once, scroll position and all. Else the page the server rendered, if any.
 */
function cachedFeed(store: ResourceStore, pinId: string): Feed {
  const feed: Feed = { status: 'loading', items: [], endCursor: null, hasNextPage: true, fetching: false, error: null };
  for (let after: string | null = null; feed.hasNextPage; after = feed.endCursor) {
    const data = peekQuery('CloseupRelatedModulesFeedQuery', variablesFor(pinId, after));
    if (!data) break;
    const page = pageOf(data);
    Object.assign(feed, { status: 'ready', items: [...feed.items, ...page.pins], endCursor: page.endCursor, hasNextPage: page.hasNextPage });
  }
  const rendered = feed.status === 'loading' ? serverPage(store, pinId) : null;
  if (rendered) Object.assign(feed, { status: 'ready', items: rendered.pins, endCursor: rendered.endCursor, hasNextPage: rendered.hasNextPage });
  return feed;
}

function failureOf(error: unknown): ResourceFailure {
  if (error instanceof ApiError) return { code: error.code, message: error.message, httpStatus: error.httpStatus };
  return { code: null, message: error instanceof Error ? error.message : String(error), httpStatus: 0 };
}

/** The related feed of a pin as the grid pages feeds: a page of 12 at a time, on through the end cursor. */
function useRelatedFeed(pinId: string): FeedState<PinJson> {
  const store = useResourceStore();
  const [feed, setFeed] = useState(() => cachedFeed(store, pinId));
  const current = useRef(feed);
  current.current = feed;
  const mounted = useRef(true);

  const fetchPage = useCallback(
    async (after: string | null) => {
      setFeed((f) => ({ ...f, fetching: true }));
      try {
        const page = pageOf(await runQuery('CloseupRelatedModulesFeedQuery', variablesFor(pinId, after)));
        if (!mounted.current) return;
        setFeed((f) => {
          const known = new Set(f.items.map((p) => p.id));
          const items = after ? [...f.items, ...page.pins.filter((p) => !known.has(p.id))] : page.pins;
          return { status: 'ready', items, endCursor: page.endCursor, hasNextPage: page.hasNextPage, fetching: false, error: null };
        });
      } catch (error) {
        if (!mounted.current) return;
        // A later page that fails keeps what is shown; the first one shows the failure.
        setFeed((f) => ({ ...f, status: after ? f.status : 'error', fetching: false, error: failureOf(error) }));
      }
    },
    [pinId],
  );

  useEffect(() => {
    mounted.current = true;
    if (current.current.status !== 'ready') void fetchPage(null);
    return () => {
      mounted.current = false;
    };
  }, [fetchPage]);

  // A save, hide or delete elsewhere reaches these tiles as it reaches every cached feed.
  useEffect(
    () =>
      store.followItemChanges((change) => {
        setFeed((f) => {
          const items = changeItems(f.items, change) as PinJson[];
          return items === f.items ? f : { ...f, items };
        });
      }),
    [store],
  );

  const loadMore = useCallback(() => {
    const f = current.current;
    if (f.status === 'ready' && !f.fetching && f.hasNextPage && f.endCursor) void fetchPage(f.endCursor);
  }, [fetchPage]);
  const refresh = useCallback(() => fetchPage(null), [fetchPage]);

  const atEnd = feed.status === 'ready' && !feed.fetching && !feed.hasNextPage;
  return { status: feed.status, items: feed.items, error: feed.error, fetching: feed.fetching, atEnd, loadMore, refresh };
}

function RelatedFeed({ pinId }: { pinId: string }) {
  const { t } = useTranslation();
  const feed = useRelatedFeed(pinId);
  const headingId = useId();
  if (feed.status === 'error') {
    return (
      <section className={styles.related} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          {t('related.heading')}
        </h2>
        <div className={styles.failed}>
          <p role="status">{t('related.failed')}</p>
          <button type="button" className={styles.retry} onClick={() => void feed.refresh()} disabled={feed.fetching}>
            {t('related.retry')}
          </button>
        </div>
      </section>
    );
  }
  // Nothing to show yet, or nothing related: no heading over an empty space.
  if (feed.items.length === 0) return null;
  return (
    <section className={styles.related} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('related.heading')}
      </h2>
      <PinGrid feed={feed} label={t('related.gridLabel')} />
    </section>
  );
}

/**
 * "More like this" under the closeup: the pin's related feed through CloseupRelatedModulesFeedQuery,
 * in the masonry grid, endless. The page server renders its first page (RelatedPinFeedResource,
 * answered from memory for visitors), so visitors without scripts and search engines get the
 * related pins as links; the browser goes on with the query.
 */
export function RelatedPins({ pinId }: { pinId: string }) {
  // Another pin is another feed: a fresh one, not the last pin's pages with new ones appended.
  return <RelatedFeed key={pinId} pinId={pinId} />;
}
