import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('configuration', () => {
  it('defaults to an embedded instance on port 3000 with data under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/corkboard.db') });
    expect(config.blob.kind).toBe('disk');
    expect(config.mail.kind).toBe('outbox');
    expect(config.redisUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.publicUrl.origin).toBe('http://localhost:3000');
  });

  it('switches each piece to its scale implementation when configured', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db/corkboard',
      REDIS_URL: 'redis://cache:6379',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      SMTP_URL: 'smtp://mail:587',
      DEMO: 'off',
    });
    expect(config.database.kind).toBe('postgres');
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.blob.kind).toBe('s3');
    expect(config.mail.kind).toBe('smtp');
    expect(config.demo).toBe(false);
  });

  it('keeps the outbound fetcher off private addresses unless OUTBOUND_ALLOW_PRIVATE is set', () => {
    expect(loadConfig({}).outbound).toEqual({ allowPrivateAddresses: false });
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: '1' }).outbound).toEqual({ allowPrivateAddresses: true });
  });

  it('keeps the visual index in memory unless pgvector is asked for, on PostgreSQL', () => {
    expect(loadConfig({}).visualSearch).toEqual({ exactScanUpTo: 100_000, index: 'memory' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/corkboard', VISUAL_INDEX: 'pgvector' }).visualSearch.index).toBe('pgvector');
  });

  it('uses secure cookies only when the public address is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://pins.example.org' }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).secureCookies).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ DEMO: 'maybe' }, 'DEMO'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ S3_BUCKET: 'media' }, 'S3_BUCKET'],
    [{ OUTBOUND_ALLOW_PRIVATE: 'sometimes' }, 'OUTBOUND_ALLOW_PRIVATE'],
    [{ VISUAL_INDEX: 'faiss' }, 'VISUAL_INDEX'],
    [{ VISUAL_INDEX: 'pgvector' }, 'VISUAL_INDEX=pgvector needs DATABASE_URL'],
  ])('refuses %o naming the bad setting', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
