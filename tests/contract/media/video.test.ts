import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolPath } from '../../../src/server/media/ffmpeg.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeVideo } from './fixtures.ts';
import { member, pathOf, settled, uploadOk } from './harness.ts';

type Probe = { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[]; format: { duration: string } };

/** Videos made with ffmpeg in the test: 720p H.264 MP4, HLS, a thumbnail through the image pipeline, the duration. */
describe.each(databaseKinds)('video uploads on %s', (kind) => {
  let app: TestApp;
  let client: TestClient;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-video-'));

  beforeAll(async () => {
    app = await startTestApp(kind);
    client = await member(app);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function probe(file: string): Probe {
    return JSON.parse(
      execFileSync(toolPath('ffprobe'), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' }),
    ) as Probe;
  }

  async function fetchTo(url: string, name: string): Promise<string> {
    const response = await client.request({ method: 'GET', url: pathOf(url) });
    expect(response.statusCode, url).toBe(200);
    const file = path.join(dir, name);
    fs.writeFileSync(file, response.rawPayload);
    return file;
  }

  it('an MP4 becomes H.264 MP4 and HLS of its size, with a thumbnail and its duration', async () => {
    const clip = makeVideo(dir, { width: 320, height: 240, seconds: 2, format: 'mp4' });
    const accepted = await uploadOk(client, fs.readFileSync(clip), 'clip.mp4');
    expect(accepted).toMatchObject({ media_type: 'video', status: 'processing' });
    const media = await settled(client, accepted.id);
    expect(media.status).toBe('ready');
    const list = media.videos?.video_list ?? {};
    expect(list['V_720P']).toMatchObject({ width: 320, height: 240 });
    expect(list['V_720P']?.duration).toBeGreaterThan(1800);
    expect(list['V_720P']?.duration).toBeLessThan(2300);
    const mp4 = probe(await fetchTo(list['V_720P']?.url ?? '', 'out.mp4'));
    expect(mp4.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 320, height: 240 });
    expect(mp4.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });

    const playlistUrl = list['V_HLSV4']?.url ?? '';
    const playlist = await client.request({ method: 'GET', url: pathOf(playlistUrl) });
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    const segments = playlist.body.split('\n').filter((line) => line.endsWith('.ts'));
    expect(segments.length).toBeGreaterThan(0);
    for (const segment of segments) {
      const response = await client.request({ method: 'GET', url: pathOf(new URL(segment, playlistUrl).toString()) });
      expect(response.statusCode, segment).toBe(200);
      expect(response.headers['content-type']).toBe('video/mp2t');
    }
    expect(media.images?.['236x']).toMatchObject({ width: 236, height: 177 });
    expect(list['V_720P']?.thumbnail).toBe(media.images?.['orig']?.url);
    // A video player seeks with ranges.
    const ranged = await client.request({ method: 'GET', url: pathOf(list['V_720P']?.url ?? ''), headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);
  });

  it('a large portrait WebM is scaled down to 720×1280', async () => {
    const clip = makeVideo(dir, { width: 1080, height: 1920, seconds: 1, format: 'webm' });
    const media = await settled(client, (await uploadOk(client, fs.readFileSync(clip), 'tall.webm')).id);
    expect(media.videos?.video_list['V_720P']).toMatchObject({ width: 720, height: 1280 });
    expect(media).toMatchObject({ status: 'ready', width: 720, height: 1280 });
  });

  it('without ffmpeg a video is taken and then shows failed with the reason, and nothing crashes', async () => {
    const clip = makeVideo(dir, { width: 160, height: 120, seconds: 1, format: 'mp4' });
    const tools = { ...app.deps.mediaTools };
    app.deps.mediaTools.ffmpeg = path.join(dir, 'no-such-ffmpeg');
    app.deps.mediaTools.ffprobe = path.join(dir, 'no-such-ffprobe');
    try {
      const media = await settled(client, (await uploadOk(client, fs.readFileSync(clip), 'clip.mp4')).id);
      expect(media.status).toBe('failed');
      expect(media.failure_reason).toMatch(/Video processing is not available on this server: ffprobe could not be started/);
    } finally {
      Object.assign(app.deps.mediaTools, tools);
    }
  });
});
