import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp, TestClient } from '../../support/app.ts';
import { multipart } from './fixtures.ts';

export type MediaImage = { url: string; width: number; height: number; dominant_color: string | null };
export type MediaVideo = { url: string; width: number; height: number; duration: number; thumbnail: string | null };
export type MediaBody = {
  id: string;
  media_type: 'image' | 'video';
  status: 'processing' | 'ready' | 'failed';
  failure_reason: string | null;
  width: number | null;
  height: number | null;
  dominant_color: string | null;
  placeholder: string | null;
  image_signature: string | null;
  images: Record<string, MediaImage> | null;
  videos: { video_list: Record<string, MediaVideo> } | null;
};

export type Envelope = { status: string; code: number; message: string; message_detail: string | null; http_status: number };

let counter = 0;

/** A fresh signed-in member of the test app. */
export async function member(app: TestApp): Promise<TestClient> {
  counter += 1;
  const client = app.client(`10.77.${Math.floor(counter / 250)}.${counter % 250}`);
  await client.signUp(`media-${counter}-${Date.now()}@example.com`);
  return client;
}

export function upload(client: TestClient, data: Buffer, filename?: string, contentType?: string): Promise<LightMyRequestResponse> {
  const body = multipart(data, filename, contentType);
  return client.request({ method: 'POST', url: '/v3/media/uploads/', payload: body.payload, headers: body.headers });
}

export async function uploadOk(client: TestClient, data: Buffer, filename?: string): Promise<MediaBody> {
  const response = await upload(client, data, filename);
  if (response.statusCode !== 201) throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
  return response.json<{ data: MediaBody }>().data;
}

/** Polls the status call until the media leaves `processing` (up to 30 s). */
export async function settled(client: TestClient, id: string, timeoutMs = 30_000): Promise<MediaBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get(`/v3/media/${id}/`);
    if (response.statusCode !== 200) throw new Error(`status answered ${response.statusCode}: ${response.body}`);
    const media = response.json<{ data: MediaBody }>().data;
    if (media.status !== 'processing') return media;
    if (Date.now() > deadline) throw new Error(`media ${id} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** The path part of a media URL, to fetch it through inject. */
export function pathOf(url: string): string {
  return new URL(url).pathname;
}

/** Every file under a folder (dot-files included), relative to it. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

export async function mediaRowCount(app: TestApp): Promise<number> {
  const row = await app.deps.db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}
