import type { Deps } from '../../../src/server/deps.ts';
import { START, type Position, type StoredEvent } from '../../../src/server/events/catalogue.ts';
import { readEvents } from '../../../src/server/events/events.repo.ts';
import { deleteBoard, updateBoard } from '../../../src/server/boards/boards.service.ts';
import { deleteSection, renameSection } from '../../../src/server/boards/sections.service.ts';
import { deletePin, editPin } from '../../../src/server/pins/pins.service.ts';
import { savePin, unsavePin } from '../../../src/server/pins/saves.service.ts';
import { makeBoard, makePin, makeSection, makeUser } from '../../support/factories.ts';

/**
 * A small world made through the services, so that the event log holds one event of each kind the
 * search documents, the recommender's graph and the visual index follow: pins made, edited and
 * deleted; saves made, undone; boards renamed, made secret and public again, deleted; sections
 * renamed and deleted. The idempotence tests apply its events again and compare.
 */
export type EventWorld = { pinIds: string[]; boardIds: string[]; userIds: string[] };

export async function makeEventWorld(deps: Deps): Promise<EventWorld> {
  const owner = await makeUser(deps, 'eventowner');
  const other = await makeUser(deps, 'eventother');
  const tarts = await makeBoard(deps, owner, { name: 'Lemon tarts' });
  const desserts = await makeBoard(deps, owner, { name: 'Desserts' });
  const secret = await makeBoard(deps, owner, { name: 'Hidden cakes', privacy: 'secret' });
  const doomed = await makeBoard(deps, other, { name: 'Old ideas' });
  const section = await makeSection(deps, owner, tarts, 'Shortcrust');
  const dropped = await makeSection(deps, owner, desserts, 'Dropped');
  const { pin: tart } = await makePin(deps, owner, tarts, { title: 'Lemon tart' });
  const { pin: cake } = await makePin(deps, owner, tarts, { title: 'Lemon drizzle cake', section });
  const { pin: chocolate } = await makePin(deps, owner, desserts, { title: 'Chocolate cake', section: dropped });
  const { pin: gone } = await makePin(deps, owner, desserts, { title: 'Burnt toast' });
  const { pin: old } = await makePin(deps, other, doomed, { title: 'Old lemon pie' });
  await savePin(deps, owner.actor, { pinId: tart.id, boardId: desserts.id });
  await savePin(deps, owner.actor, { pinId: chocolate.id, boardId: secret.id });
  const undone = await savePin(deps, owner.actor, { pinId: cake.id, boardId: desserts.id });
  await unsavePin(deps, owner.actor, undone.id);
  await savePin(deps, other.actor, { pinId: tart.id, boardId: doomed.id });
  await editPin(deps, owner.actor, chocolate.id, { title: 'Dark chocolate cake' });
  await deletePin(deps, owner.actor, gone.id);
  await renameSection(deps, owner.actor, section.id, 'Tarts');
  await deleteSection(deps, owner.actor, dropped.id);
  await updateBoard(deps, owner.actor, desserts.id, { name: 'Sweet things' });
  await updateBoard(deps, owner.actor, desserts.id, { privacy: 'secret' });
  await updateBoard(deps, owner.actor, desserts.id, { privacy: 'public' });
  await deleteBoard(deps, other.actor, doomed.id);
  return {
    pinIds: [tart.id, cake.id, chocolate.id, gone.id, old.id],
    boardIds: [tarts.id, desserts.id, secret.id, doomed.id],
    userIds: [owner.id, other.id],
  };
}

/** Every event of the log so far, in log order (after the subscribers have had them). */
export async function loggedEvents(deps: Deps): Promise<StoredEvent[]> {
  await deps.events.settled();
  const events: StoredEvent[] = [];
  let from: Position = START;
  for (;;) {
    const page = await readEvents(deps.db, deps.dialect, from, 500);
    events.push(...page.events);
    if (page.last.tx === from.tx && page.last.id === from.id) return events;
    from = page.last;
  }
}
