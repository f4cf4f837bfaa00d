import type { Reader } from '../access/authorized.ts';
import type { DidItRow } from '../db/schema/did-its.ts';
import type { Deps } from '../deps.ts';
import { loadMediaViews } from '../media/media-views.ts';
import { cardOf, loadUserCards } from '../users/user-cards.ts';
import type { DidItJson, DidItMarks } from '../../shared/contracts/did-its.ts';
import { marksOf } from './did-it-marks.repo.ts';
import { pinRefs } from './did-its.repo.ts';

/** The spec's reaction_counts of a tried-it: likes (type 1) when anyone gave one. */
function reactionCounts(row: Pick<DidItRow, 'like_count'>): Record<string, number> {
  return row.like_count > 0 ? { '1': row.like_count } : {};
}

/** Tried-its the reader may see, in a fixed number of queries whatever their number. */
export async function presentDidIts(deps: Deps, reader: Reader, rows: readonly DidItRow[]): Promise<DidItJson[]> {
  if (rows.length === 0) return [];
  const [pins, cards, marks] = await Promise.all([
    pinRefs(
      deps.db,
      rows.map((r) => r.pin_id),
    ),
    loadUserCards(
      deps,
      reader,
      rows.map((r) => r.user_id),
    ),
    marksOf(
      deps.db,
      reader.userId,
      rows.map((r) => r.id),
    ),
  ]);
  const pinById = new Map(pins.map((p) => [p.id, p]));
  const media = await loadMediaViews(deps, [...rows.map((r) => r.media_id), ...pins.map((p) => p.media_id)]);
  return rows.map((row) => {
    const pin = pinById.get(row.pin_id);
    const pinMedia = pin?.media_id ? media.get(pin.media_id) : undefined;
    const photo = row.media_id ? media.get(row.media_id) : undefined;
    return {
      type: 'userdiditdata',
      id: row.id,
      pin_id: row.pin_id,
      pin: { id: row.pin_id, title: pin?.title ?? '', images: pinMedia?.images ?? null, dominant_color: pinMedia?.dominant_color ?? null },
      user: cardOf(cards, row.user_id),
      details: row.details,
      media_id: row.media_id,
      media_status: photo?.status ?? null,
      images: photo?.images ?? null,
      dominant_color: photo?.dominant_color ?? null,
      reaction_counts: reactionCounts(row),
      reaction_by_me: marks.reactions.get(row.id) ?? null,
      helpful_count: row.helpful_count,
      marked_helpful_by_me: marks.helpful.has(row.id),
      comment_count: row.comment_count,
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  });
}

export async function presentDidIt(deps: Deps, reader: Reader, row: DidItRow): Promise<DidItJson> {
  const [json] = await presentDidIts(deps, reader, [row]);
  if (!json) throw new Error('a tried-it presents as one tried-it');
  return json;
}

/** A like's or helpful mark's answer: the counts now and the reader's own marks. */
export async function presentMarks(deps: Deps, reader: Reader, row: DidItRow): Promise<DidItMarks> {
  const marks = await marksOf(deps.db, reader.userId, [row.id]);
  return {
    id: row.id,
    reaction_counts: reactionCounts(row),
    reaction_by_me: marks.reactions.get(row.id) ?? null,
    helpful_count: row.helpful_count,
    marked_helpful_by_me: marks.helpful.has(row.id),
  };
}
