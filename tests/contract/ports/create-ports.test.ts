import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { migrate, openDatabase, type DatabaseHandle } from '../../../src/server/db/database.ts';
import { createS3BlobStore } from '../../../src/server/ports/blob/s3.ts';
import { createPorts } from '../../../src/server/ports/create-ports.ts';
import { openTestRedis, redisAvailable, removeKeys, testPrefix, TEST_REDIS_URL } from '../../support/redis.ts';
import { startTestSmtp } from '../../support/smtp.ts';
import { waitFor } from './support/wait.ts';

const log = pino({ level: 'silent' });

describe('createPorts', () => {
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-ports-'));
    handle = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'test.db') });
    await migrate(handle);
  });
  afterAll(async () => {
    await handle.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs embedded with no configuration: disk, database queue, memory, outbox', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const ports = await createPorts(config, handle, log);
    try {
      await ports.blobs.put('pins/p1.jpg', Buffer.from('jpeg'), 'image/jpeg');
      expect(fs.readFileSync(path.join(dataDir, 'media', 'pins', 'p1.jpg'), 'utf8')).toBe('jpeg');

      await ports.queue.enqueue({ type: 'ports.smoke', payload: 'hello' });
      expect(await handle.db.selectFrom('jobs').select('payload').where('type', '=', 'ports.smoke').execute()).toEqual([{ payload: '"hello"' }]);

      await ports.mail.send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' });
      expect(fs.readdirSync(path.join(dataDir, 'outbox')).filter((n) => n.endsWith('.eml'))).toHaveLength(1);

      await ports.cache.set('k', 'v', 60_000);
      expect(await ports.cache.get('k')).toBe('v');
      expect((await ports.rateLimiter.hit('k', 1, 60_000)).allowed).toBe(true);
    } finally {
      await ports.close();
    }
  });

  describe.runIf(redisAvailable)('with Redis, S3 and SMTP configured', () => {
    const prefix = testPrefix();
    const s3Dir = () => path.join(dataDir, 's3');
    let s3: S3rver;
    let s3Port = 0;

    beforeAll(async () => {
      s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir(), configureBuckets: [{ name: 'media', configs: [] }] });
      s3Port = (await s3.run()).port;
    });
    afterAll(async () => {
      await s3.close();
      const redis = openTestRedis();
      await removeKeys(redis, prefix);
      await redis.quit();
    });

    it('uses the services it was given and closes every connection', async () => {
      const smtp = await startTestSmtp();
      const endpoint = `http://127.0.0.1:${String(s3Port)}`;
      const config = loadConfig({
        DATA_DIR: dataDir,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        SMTP_URL: smtp.url,
      });
      const ports = await createPorts(config, handle, log);
      const raw = openTestRedis();
      try {
        await ports.cache.set('feed', 'cached', 60_000);
        expect(await raw.get(`${prefix}cache:feed`)).toBe('cached');

        await ports.queue.enqueue({ type: 'ports.redis', payload: 1 });
        expect(await raw.zcard(`${prefix}queue:due:ports.redis`)).toBe(1);

        await ports.blobs.put('pins/p2.jpg', Buffer.from('jpeg'), 'image/jpeg');
        const bucket = createS3BlobStore({
          kind: 's3',
          endpoint,
          region: 'us-east-1',
          bucket: 'media',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        });
        expect(await bucket.head('pins/p2.jpg')).toEqual({ size: 4, contentType: 'image/jpeg' });
        await bucket.close();

        await ports.mail.send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' });
        expect(smtp.recipients).toEqual([['a@example.com']]);

        const received: string[] = [];
        await ports.pubsub.subscribe('live', (m) => received.push(m));
        await raw.publish(`${prefix}pubsub:live`, 'ping');
        await waitFor('the message', () => received.length === 1);
      } finally {
        await ports.close();
        await raw.quit();
        await smtp.close();
      }
      await expect(ports.cache.ping()).rejects.toThrow();
    });
  });
});
