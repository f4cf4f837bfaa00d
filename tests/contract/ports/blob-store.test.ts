import { Readable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/server/errors.ts';
import type { BlobStore } from '../../../src/server/ports/blob/blob-store.ts';
import { createDiskBlobStore } from '../../../src/server/ports/blob/disk.ts';
import { createS3BlobStore } from '../../../src/server/ports/blob/s3.ts';
import { spawnScript } from './support/child.ts';
import { failingStream, randomStream, readAll, sha256 } from './support/streams.ts';
import { watchFolder } from './support/watch.ts';

type BlobFixture = { store: BlobStore; dispose(): Promise<void> };

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-blobs-'));

const kinds: { name: string; open(): Promise<BlobFixture> }[] = [
  {
    name: 'disk',
    open() {
      const dir = tempDir();
      const store = createDiskBlobStore(path.join(dir, 'media'));
      return Promise.resolve({
        store,
        dispose() {
          fs.rmSync(dir, { recursive: true, force: true });
          return Promise.resolve();
        },
      });
    },
  },
  {
    // s3rver is a test-only S3 stand-in, run in this process on a random port.
    name: 's3',
    async open() {
      const dir = tempDir();
      const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'media', configs: [] }] });
      const { port } = await server.run();
      const store = createS3BlobStore({
        kind: 's3',
        endpoint: `http://127.0.0.1:${String(port)}`,
        region: 'us-east-1',
        bucket: 'media',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
      return {
        store,
        async dispose() {
          await store.close();
          await server.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

const traversalKeys = [
  '../escape',
  'pins/../../escape',
  '/etc/passwd',
  'pins//a',
  'pins/./a',
  '.hidden',
  'pins/.a',
  'a\\..\\b',
  'a\0b',
  '',
  'pins/',
  'x'.repeat(513),
];

describe.each(kinds)('BlobStore: $name', (kind) => {
  let fixture: BlobFixture;
  let store: BlobStore;

  beforeAll(async () => {
    fixture = await kind.open();
    store = fixture.store;
  });
  afterAll(async () => {
    await fixture.dispose();
  });

  it('round-trips a buffer with its size and content type', async () => {
    const body = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const info = await store.put('pins/ab/one.svg', body, 'image/svg+xml');
    expect(info).toEqual({ size: body.length, contentType: 'image/svg+xml' });
    expect(await store.head('pins/ab/one.svg')).toEqual(info);
    const got = await store.get('pins/ab/one.svg');
    expect(got?.info).toEqual(info);
    expect(await readAll(got?.body ?? failingStream(0))).toEqual(body);
  });

  it('streams a large blob in and out', async () => {
    // Over 8 MiB, so the S3 store goes through a multipart upload.
    const size = 9 * 1024 * 1024 + 123;
    const { stream, sha256: expected } = randomStream(size);
    expect(await store.put('videos/big.mp4', stream, 'video/mp4')).toEqual({ size, contentType: 'video/mp4' });
    const got = await store.get('videos/big.mp4');
    expect(got?.info.size).toBe(size);
    expect(sha256(await readAll(got?.body ?? failingStream(0)))).toBe(expected);
  });

  it('stores an empty blob', async () => {
    expect(await store.put('empty/file', Buffer.alloc(0), 'text/plain')).toEqual({ size: 0, contentType: 'text/plain' });
    expect(await store.head('empty/file')).toEqual({ size: 0, contentType: 'text/plain' });
  });

  it('answers null for an absent key, including one below a file', async () => {
    expect(await store.get('absent/key.jpg')).toBeNull();
    expect(await store.head('absent/key.jpg')).toBeNull();
    await store.put('parent.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await store.get('parent.jpg/child.jpg')).toBeNull();
    await expect(store.delete('absent/key.jpg')).resolves.toBeUndefined();
  });

  it('replaces a blob put twice under one key', async () => {
    await store.put('avatars/u1.png', Buffer.from('first'), 'image/png');
    await store.put('avatars/u1.png', Buffer.from('second!'), 'image/webp');
    expect(await store.head('avatars/u1.png')).toEqual({ size: 7, contentType: 'image/webp' });
  });

  it('puts several blobs together, each with its own content type', async () => {
    const infos = await store.putAll([
      { key: 'img/m1/236x-a.jpg', body: Buffer.from('jpeg bytes'), contentType: 'image/jpeg' },
      { key: 'img/m1/orig-b.webp', body: Buffer.from('webp'), contentType: 'image/webp' },
      { key: 'img/m1/odd-c.jpg', body: Buffer.from('really a png'), contentType: 'image/png' },
      { key: 'vid/m1/notes.txt', body: Readable.from([Buffer.from('streamed')]), contentType: 'text/plain' },
    ]);
    expect(infos).toEqual([
      { size: 10, contentType: 'image/jpeg' },
      { size: 4, contentType: 'image/webp' },
      { size: 12, contentType: 'image/png' },
      { size: 8, contentType: 'text/plain' },
    ]);
    expect(await store.head('img/m1/odd-c.jpg')).toEqual({ size: 12, contentType: 'image/png' });
    expect(await store.head('vid/m1/notes.txt')).toEqual({ size: 8, contentType: 'text/plain' });
    // A type the extension implies replaces one that needed saying.
    await store.put('img/m1/odd-c.jpg', Buffer.from('jpeg now'), 'image/jpeg');
    expect(await store.head('img/m1/odd-c.jpg')).toEqual({ size: 8, contentType: 'image/jpeg' });
  });

  it('deletes a blob', async () => {
    await store.put('exports/e1.zip', Buffer.from('zip'), 'application/zip');
    await store.delete('exports/e1.zip');
    expect(await store.head('exports/e1.zip')).toBeNull();
    expect(await store.get('exports/e1.zip')).toBeNull();
  });

  it('deletes a folder of blobs and nothing beside it', async () => {
    await store.put('img/41/236x-a.jpg', Buffer.from('a'), 'image/jpeg');
    await store.put('img/41/hls/index.m3u8', Buffer.from('b'), 'application/vnd.apple.mpegurl');
    await store.put('img/411/236x-c.jpg', Buffer.from('c'), 'image/jpeg');
    await store.deletePrefix('img/41/');
    expect(await store.head('img/41/236x-a.jpg')).toBeNull();
    expect(await store.head('img/41/hls/index.m3u8')).toBeNull();
    expect(await store.head('img/411/236x-c.jpg')).toEqual({ size: 1, contentType: 'image/jpeg' });
    await store.deletePrefix('img/nothing-here/');
  });

  it.each(['img/41', '../', 'img/../', '/img/', ''])('rejects the folder %j', async (prefix) => {
    await expect(store.deletePrefix(prefix)).rejects.toEqual(expect.objectContaining({ errorName: 'bad_request' }) as AppError);
  });

  it.each(traversalKeys)('rejects the key %j', async (key) => {
    const rejected = expect.objectContaining({ errorName: 'bad_request' }) as AppError;
    await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toEqual(rejected);
    await expect(store.get(key)).rejects.toEqual(rejected);
    await expect(store.head(key)).rejects.toEqual(rejected);
    await expect(store.delete(key)).rejects.toEqual(rejected);
  });

  it('keeps nothing when the upload stream fails midway', async () => {
    await expect(store.put('uploads/broken.mp4', failingStream(9 * 1024 * 1024), 'video/mp4')).rejects.toThrow('The client went away');
    expect(await store.head('uploads/broken.mp4')).toBeNull();
  });

  it('keeps the old blob when a replacing upload fails', async () => {
    await store.put('uploads/kept.jpg', Buffer.from('old'), 'image/jpeg');
    await expect(store.put('uploads/kept.jpg', failingStream(100_000), 'image/png')).rejects.toThrow();
    const got = await store.get('uploads/kept.jpg');
    expect(got?.info).toEqual({ size: 3, contentType: 'image/jpeg' });
    expect((await readAll(got?.body ?? failingStream(0))).toString()).toBe('old');
  });

  it('answers ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('BlobStore: disk faults', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const filesUnder = (root: string) =>
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

  it('leaves no file at all, not even a temporary one, after a failed put', async () => {
    const root = path.join(dir, 'failed');
    const store = createDiskBlobStore(root);
    await expect(store.put('a/b/c.bin', failingStream(300_000), 'application/octet-stream')).rejects.toThrow();
    expect(filesUnder(root)).toEqual([]);
  });

  it('keeps nothing of a batch, not even temporary files, when one of its uploads fails', async () => {
    const root = path.join(dir, 'failed-batch');
    const store = createDiskBlobStore(root);
    const batch = [
      { key: 'batch/fine.jpg', body: Buffer.from('fine'), contentType: 'image/jpeg' },
      { key: 'batch/typed.bin', body: Buffer.from('typed'), contentType: 'text/plain' },
      { key: 'batch/broken.jpg', body: failingStream(300_000), contentType: 'image/jpeg' },
    ];
    await expect(store.putAll(batch)).rejects.toThrow();
    expect(filesUnder(root)).toEqual([]);
  });

  it('never writes outside its folder', async () => {
    const root = path.join(dir, 'jail', 'media');
    const store = createDiskBlobStore(root);
    await expect(store.put('../outside.txt', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(AppError);
    expect(fs.existsSync(path.join(dir, 'jail', 'outside.txt'))).toBe(false);
  });

  it.runIf(process.platform === 'linux')('never shows a blob under its key before it is complete', async () => {
    const root = path.join(dir, 'watched');
    const store = createDiskBlobStore(root);
    await store.ping();
    const watch = watchFolder(root);
    try {
      await store.put('big.bin', randomStream(4 * 1024 * 1024).stream, 'application/octet-stream');
      await watch.settle();
    } finally {
      watch.close();
    }
    expect(watch.events).toContainEqual({ type: 'rename', name: 'big.bin' });
    // The watcher does see writes: they happen under temporary names.
    expect(watch.events.some((e) => e.type === 'change' && e.name.startsWith('.tmp-'))).toBe(true);
    const finalNames = ['big.bin', '.big.bin.type'];
    expect(watch.events.filter((e) => e.type === 'change' && finalNames.includes(e.name))).toEqual([]);
  });

  it('shows only complete blobs after the writing process is killed', async () => {
    const root = path.join(dir, 'killed');
    const writer = spawnScript('./blob-writer.ts', [root]);
    try {
      await writer.waitForLines(3);
    } finally {
      await writer.kill();
    }
    const store = createDiskBlobStore(root);
    const blobs = filesUnder(root).filter((f) => !path.basename(f).startsWith('.'));
    expect(blobs.length).toBeGreaterThanOrEqual(3);
    for (const key of blobs) {
      const got = await store.get(key);
      expect(sha256(await readAll(got?.body ?? failingStream(0)))).toBe(path.basename(key));
      expect(got?.info.contentType).toBe('application/x-test');
    }
  });
});
