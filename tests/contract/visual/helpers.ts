import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Board, Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import type { TestClient } from '../../support/app.ts';
import type { TestUser } from '../../support/factories.ts';
import { scene } from '../media/fixtures.ts';

export const RESOURCE = 'VisualSearchFlashlightUnifiedResource';

export type VisualData = {
  results: { id: string; title: string }[];
  price_filters: { min: number; max: number; currency: string | null; ranges: { price_min: number; price_max: number }[] } | null;
  domain_filters: { domain: string }[];
  category_filters: { id: string; name: string; url: string }[];
  query_features: string;
};

type Envelope = { resource_response: { data: VisualData; bookmark: string | null } };

export async function visualSearchAs(
  client: TestClient,
  options: Record<string, unknown>,
): Promise<{ data: VisualData; bookmark: string | null; ids: string[] }> {
  const response = await client.getResource(RESOURCE, options);
  expect(response.statusCode, response.body).toBe(200);
  const { data, bookmark } = response.json<Envelope>().resource_response;
  return { data, bookmark, ids: data.results.map((r) => r.id) };
}

/** Every page, following bookmarks to the end marker. */
export async function allVisualPages(client: TestClient, options: Record<string, unknown>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let bookmark: string | null = null;
  let pages = 0;
  do {
    const page = await visualSearchAs(client, { ...options, ...(bookmark ? { bookmark } : {}) });
    ids.push(...page.ids);
    bookmark = page.bookmark;
    pages += 1;
  } while (bookmark && bookmark !== '-end-' && pages < 50);
  return { ids, pages };
}

export function failureOf(response: LightMyRequestResponse): { status: number; message: string } {
  const body = response.json<{ resource_response?: { error: { message: string } }; message?: string }>();
  return { status: response.statusCode, message: body.resource_response?.error.message ?? body.message ?? '' };
}

/** A pin showing exactly this picture. */
export async function pinOfPicture(deps: Deps, user: TestUser, board: Board, picture: Buffer, title = 'Picture'): Promise<Pin> {
  const media = await ingestImage(deps, user.actor, picture, { inline: true });
  return (await createPin(deps, user.actor, { board_id: board.id, section_id: null, media_id: media.id, title })).pin;
}

/** A generated photo-like picture as a JPEG: different seeds, different pictures. */
export function photo(seed: number, width = 640, height = 480): Promise<Buffer> {
  return scene(width, height, seed).jpeg({ quality: 90 }).toBuffer();
}

/** Two pictures side by side: a crop of either half searches for that half. */
export async function diptych(left: Buffer, right: Buffer, width = 640, height = 480): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const [l, r] = await Promise.all([left, right].map((p) => sharp(p).resize(half, height, { fit: 'fill' }).toBuffer()));
  return sharp({ create: { width: half * 2, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: l ?? Buffer.alloc(0), left: 0, top: 0 },
      { input: r ?? Buffer.alloc(0), left: half, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Waits until this node's index holds exactly what the pins now are (commits reach it through the event log). */
export async function indexCaughtUp(t: { deps: Deps }, present: readonly string[], absent: readonly string[] = []): Promise<void> {
  const index = t.deps.replicas.visualIndex;
  if (!index) throw new Error('No visual index: the app serves none');
  await index.ready();
  const deadline = Date.now() + 5000;
  for (;;) {
    await index.settled();
    if (present.every((id) => index.neighbours.has(BigInt(id))) && absent.every((id) => !index.neighbours.has(BigInt(id)))) return;
    if (Date.now() > deadline) throw new Error('The visual index did not catch up within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
