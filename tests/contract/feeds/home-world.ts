import { settle } from '../../support/settle.ts';
import type { Board, Interest, Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { deletePin, setPinHidden } from '../../../src/server/pins/pins.service.ts';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { followBoard, followUser, setInterestFollowed } from '../../../src/server/social/follows.service.ts';
import { setCookieConsent } from '../../../src/server/users/cookie-consent.service.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import { makeBoard, makePin, makeUser, type TestUser } from '../../support/factories.ts';
import { pinWithPicture } from '../recs/world.ts';

/**
 * A small site around one reader, made through the services. The reader follows a person, a
 * board and a topic and has saved one pin of a bread board; everyone's pins have pictures of
 * their own (the feed keeps one pin per picture). Pins the reader must never be shown: secret,
 * by a blocked member, hidden, deleted, unsafe, the reader's own.
 */
export type HomeWorld = {
  reader: TestUser;
  followee: TestUser;
  boardOwner: TestUser;
  blocked: TestUser;
  followedBoard: Board;
  topic: Interest;
  /** The reader's save the walks start from, and the pins of the board it came from. */
  seed: Pin;
  breadPins: Pin[];
  followeePins: Pin[];
  boardPins: Pin[];
  topicPins: Pin[];
  /** A pin only its board's name ties to the followed topic: never "picked for you from" it. */
  offTopic: Pin;
  fillers: Pin[];
  /** Two pins of the followee with one picture (the factories' own): the feed shows one of them. */
  twins: Pin[];
  /** A public pin the followee saved to a secret board only: never "saved by someone you follow". */
  savedInSecret: Pin;
  /** Pins that must never appear, by why. */
  never: Record<'secret' | 'blocked' | 'hidden' | 'deleted' | 'unsafe' | 'own', Pin[]>;
};

let colours = 0;

/** A pin whose picture differs from every other pin's. */
export async function distinctPin(deps: Deps, user: TestUser, board: Board, title: string): Promise<Pin> {
  colours += 1;
  const colour = `#${((colours * 2_654_435_761) % 0xffffff).toString(16).padStart(6, '0')}`;
  return pinWithPicture(deps, user, board, title, { colour, striped: colours % 2 === 0 });
}

async function pinsOn(deps: Deps, user: TestUser, board: Board, title: string, count: number): Promise<Pin[]> {
  const pins: Pin[] = [];
  for (let i = 0; i < count; i++) pins.push(await distinctPin(deps, user, board, `${title} ${i + 1}`));
  return pins;
}

export async function makeHomeWorld(deps: Deps, fillerCount = 60): Promise<HomeWorld> {
  const [reader, followee, boardOwner, baker, topicAuthor, blocked] = await Promise.all(
    ['reader', 'followee', 'owner', 'baker', 'author', 'blocked'].map((n) => makeUser(deps, n)),
  );
  if (!reader || !followee || !boardOwner || !baker || !topicAuthor || !blocked) throw new Error('Expected six users');
  const followeeBoard = await makeBoard(deps, followee, { name: 'Weekend projects' });
  const followeePins = await pinsOn(deps, followee, followeeBoard, 'Birdhouse', 3);
  const twins = [
    (await makePin(deps, followee, followeeBoard, { title: 'Twin 1' })).pin,
    (await makePin(deps, followee, followeeBoard, { title: 'Twin 2' })).pin,
  ];
  const followedBoard = await makeBoard(deps, boardOwner, { name: 'Kitchen ideas' });
  const boardPins = await pinsOn(deps, boardOwner, followedBoard, 'Open shelving', 5);
  const topic = await ensureInterest(deps.db, 'Sourdough starter', 'sourdough-starter');
  const topicPins = await pinsOn(deps, topicAuthor, await makeBoard(deps, topicAuthor, { name: 'Baking' }), 'Sourdough starter feeding', 3);
  const offTopic = await distinctPin(deps, topicAuthor, await makeBoard(deps, topicAuthor, { name: 'Sourdough starter jars' }), 'Chocolate dessert table');
  const breadBoard = await makeBoard(deps, baker, { name: 'Bread' });
  const [seed, ...breadPins] = await pinsOn(deps, baker, breadBoard, 'Loaf', 6);
  if (!seed) throw new Error('Expected a seed pin');
  const fillerOwner = await makeUser(deps, 'filler');
  const fillerBoard = await makeBoard(deps, fillerOwner, { name: 'Everything' });
  const fillers = await pinsOn(deps, fillerOwner, fillerBoard, 'Filler', fillerCount);

  const readerBoard = await makeBoard(deps, reader, { name: 'Mine' });
  await savePin(deps, reader.actor, { pinId: seed.id, boardId: readerBoard.id });
  await followUser(deps, reader.actor, followee.id);
  await followBoard(deps, reader.actor, followedBoard.id);
  await setInterestFollowed(deps, reader.actor, topic.id, true);
  // Walks from the reader's saves are personalization: the reader has allowed it.
  await setCookieConsent(deps, reader.actor, { consent: 'allow_all' });

  const secret = await pinsOn(deps, followee, await makeBoard(deps, followee, { name: 'Surprise party', privacy: 'secret' }), 'Secret plan', 1);
  const savedInSecret = fillers[0];
  if (!savedInSecret) throw new Error('Expected fillers');
  await savePin(deps, followee.actor, { pinId: savedInSecret.id, boardId: (await makeBoard(deps, followee, { name: 'Private picks', privacy: 'secret' })).id });
  const blockedPins = await pinsOn(deps, blocked, await makeBoard(deps, blocked, { name: 'Blocked things' }), 'Blocked', 2);
  const [blockedSavedByFollowee] = blockedPins;
  if (blockedSavedByFollowee) await savePin(deps, followee.actor, { pinId: blockedSavedByFollowee.id, boardId: followeeBoard.id });
  await blockUser(deps, reader.actor, blocked.id);
  const [hidden, deleted, unsafe] = boardPins.splice(2, 3);
  if (!hidden || !deleted || !unsafe) throw new Error('Expected five board pins');
  await setPinHidden(deps, reader.actor, hidden.id, true);
  await deletePin(deps, boardOwner.actor, deleted.id);
  await deps.db.updateTable('pins').set({ is_unsafe: 1 }).where('id', '=', unsafe.id).execute();
  const own = await pinsOn(deps, reader, readerBoard, 'My own', 2);
  await settle(deps);
  return {
    reader,
    followee,
    boardOwner,
    blocked,
    followedBoard,
    topic,
    seed,
    breadPins,
    followeePins,
    boardPins,
    topicPins,
    offTopic,
    fillers,
    twins,
    savedInSecret,
    never: { secret, blocked: blockedPins, hidden: [hidden], deleted: [deleted], unsafe: [unsafe], own: [...own, seed] },
  };
}
