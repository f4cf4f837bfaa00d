import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { CLIENT_DIR, clientBuild } from '../../../src/server/pages/client-build.ts';
import { ensureClientBuild } from '../../support/server.ts';

/**
 * Every page links one stylesheet holding the styles of every chunk, those loaded on demand
 * included (the member's home feed), so nothing shifts when their scripts arrive and a first load
 * waits for one stylesheet; a page preloads only its own scripts.
 */
beforeAll(() => {
  ensureClientBuild();
});

it('links the one stylesheet, which holds the home feed chunk’s styles, and preloads only the page’s scripts', async () => {
  const build = await clientBuild();
  if (!build) throw new Error('no client build');
  expect(build.entry.css).toHaveLength(1);
  const [sheet = ''] = build.entry.css;
  const text = fs.readFileSync(path.join(CLIENT_DIR, sheet), 'utf8');
  // HomeFeed.module.css is imported only by the feed's on-demand chunk.
  const feedClass = /^\.([a-zA-Z]+)\s*\{/m.exec(fs.readFileSync('src/web/home/HomeFeed.module.css', 'utf8'))?.[1];
  expect(feedClass).toBeDefined();
  expect(text).toMatch(new RegExp(`\\.${feedClass ?? ''}_[\\w-]{6}\\b`));
  expect(build.routeScripts('index').some((file) => file.includes('HomeFeed'))).toBe(false);
  expect(build.routeScripts('index').some((file) => file.includes('PinPage'))).toBe(false);
});
