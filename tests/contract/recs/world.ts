import sharp from 'sharp';
import type { Deps } from '../../../src/server/deps.ts';
import type { Board, Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import { createRecommender, type Recommender } from '../../../src/server/recs/recommender.ts';
import { createPrng, nextFloat } from '../../../src/server/recs/prng.ts';
import { makeBoard, makePin, makeUser, type TestUser } from '../../support/factories.ts';

/**
 * A small themed world made through the services: `themes` themes, each with `boardsPerTheme`
 * public boards of random owners and `pinsPerTheme` pins created on them; then every board saves
 * `extraSaves` more pins, 85% of its own theme, the rest from anywhere. Titles are neutral and
 * every picture is the factories' one picture, so only the saves tell the themes apart.
 */
export type ThemedWorld = {
  users: TestUser[];
  boards: { board: Board; theme: number; owner: TestUser }[];
  pins: { pin: Pin; theme: number }[];
  themeOf: (pinId: string) => number;
};

export async function makeThemedWorld(
  deps: Deps,
  shape = { themes: 12, boardsPerTheme: 3, pinsPerTheme: 16, extraSaves: 10, users: 10 },
): Promise<ThemedWorld> {
  const rng = createPrng(20_24);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(nextFloat(rng) * items.length)];
    if (item === undefined) throw new Error('Nothing to pick from');
    return item;
  };
  const users: TestUser[] = [];
  for (let u = 0; u < shape.users; u++) users.push(await makeUser(deps, `themed${u}`));
  const boards: ThemedWorld['boards'] = [];
  for (let theme = 0; theme < shape.themes; theme++) {
    for (let b = 0; b < shape.boardsPerTheme; b++) {
      const owner = pick(users);
      boards.push({ board: await makeBoard(deps, owner, { name: `Theme ${theme} board ${b}` }), theme, owner });
    }
  }
  const pins: ThemedWorld['pins'] = [];
  for (let theme = 0; theme < shape.themes; theme++) {
    const own = boards.filter((b) => b.theme === theme);
    for (let p = 0; p < shape.pinsPerTheme; p++) {
      const home = pick(own);
      pins.push({ pin: (await makePin(deps, home.owner, home.board, { title: `Idea ${theme * 100 + p}` })).pin, theme });
    }
  }
  for (const { board, theme, owner } of boards) {
    for (let s = 0; s < shape.extraSaves; s++) {
      const { pin } = nextFloat(rng) < 0.85 ? pick(pins.filter((p) => p.theme === theme)) : pick(pins);
      await savePin(deps, owner.actor, { pinId: pin.id, boardId: board.id });
    }
  }
  const themes = new Map(pins.map((p) => [p.pin.id, p.theme]));
  return { users, boards, pins, themeOf: (pinId) => themes.get(pinId) ?? -1 };
}

/**
 * The replica of the test app, its graph read again from the database: the server's own when it
 * starts one, else one started here (stop it with the returned function).
 */
export async function freshRecommender(deps: Deps): Promise<{ recommender: Recommender; stop: () => Promise<void> }> {
  await deps.events.settled();
  const running = deps.replicas.recommender;
  if (running) {
    await running.rebuild();
    return { recommender: running, stop: () => Promise.resolve() };
  }
  const started = createRecommender(deps);
  await started.start();
  return { recommender: started, stop: () => started.close() };
}

/** A pin with a picture of its own: stripes or a plain colour, so its visual features differ from the factories' picture. */
export async function pinWithPicture(deps: Deps, user: TestUser, board: Board, title: string, picture: { colour: string; striped: boolean }): Promise<Pin> {
  const base = sharp({ create: { width: 64, height: 64, channels: 3, background: picture.colour } });
  const stripes = Buffer.from(
    `<svg width="64" height="64">${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 8}" y="0" width="4" height="64" fill="#ffffff"/>`).join('')}</svg>`,
  );
  const png = await (picture.striped ? base.composite([{ input: stripes }]) : base).png().toBuffer();
  const media = await ingestImage(deps, user.actor, png, { inline: true });
  return (await createPin(deps, user.actor, { board_id: board.id, section_id: null, media_id: media.id, title })).pin;
}
