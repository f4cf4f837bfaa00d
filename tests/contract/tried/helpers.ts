import type { Deps } from '../../../src/server/deps.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { makeBoard, makeMedia, makePin, makeUser, type TestUser } from '../../support/factories.ts';

export type DidIt = {
  type: 'userdiditdata';
  id: string;
  pin_id: string;
  pin: { id: string; title: string };
  user: { id: string; username: string };
  details: string;
  media_id: string | null;
  media_status: string | null;
  images: Record<string, { url: string }> | null;
  reaction_counts: Record<string, number>;
  reaction_by_me: number | null;
  helpful_count: number;
  marked_helpful_by_me: boolean;
};

export type PinDidIts = { aggregated_pin_data: { did_it_data: { user_count: number; images_count: number } }; done_by_me: boolean };

export const didIt = {
  create: (c: TestClient, o: Record<string, unknown>) => c.resource('UserDidItDataResource', 'create', o),
  update: (c: TestClient, o: Record<string, unknown>) => c.resource('UserDidItDataResource', 'update', o),
  remove: (c: TestClient, o: Record<string, unknown>) => c.resource('UserDidItDataResource', 'delete', o),
  get: (c: TestClient, o: Record<string, unknown>) => c.getResource('UserDidItDataResource', o),
  ofPin: (c: TestClient, o: Record<string, unknown>) => c.getResource('PinDidItFeedResource', o),
  ofUser: (c: TestClient, o: Record<string, unknown>) => c.getResource('UserDidItFeedResource', o),
  like: (c: TestClient, o: Record<string, unknown>) => c.resource('DidItReactionResource', 'create', o),
  unlike: (c: TestClient, o: Record<string, unknown>) => c.resource('DidItReactionResource', 'delete', o),
  helpful: (c: TestClient, o: Record<string, unknown>) => c.resource('DidItHelpfulResource', 'create', o),
  unhelpful: (c: TestClient, o: Record<string, unknown>) => c.resource('DidItHelpfulResource', 'delete', o),
};

/** A pin on a public board of a new member. */
export async function somePin(t: TestApp, name: string, boardName = 'Things') {
  const creator = await makeUser(t.deps, name);
  const board = await makeBoard(t.deps, creator, { name: boardName });
  return { creator, board, pin: (await makePin(t.deps, creator, board, { title: `${boardName} pin` })).pin };
}

/** Every row of the tried area, to show a refused call changed nothing. */
export async function didItRows(deps: Deps): Promise<string> {
  return JSON.stringify(
    await Promise.all([
      deps.db.selectFrom('did_its').selectAll().orderBy('id').execute(),
      deps.db.selectFrom('did_it_reactions').selectAll().orderBy('did_it_id').orderBy('user_id').execute(),
      deps.db.selectFrom('did_it_helpful').selectAll().orderBy('did_it_id').orderBy('user_id').execute(),
      deps.db.selectFrom('pin_did_it_counts').selectAll().orderBy('pin_id').execute(),
    ]),
  );
}

/** A photo of the member's own (a processed upload). */
export function photoOf(t: TestApp, user: TestUser): Promise<string> {
  return makeMedia(t.deps, user);
}
