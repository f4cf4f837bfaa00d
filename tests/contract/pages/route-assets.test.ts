import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { CLIENT_DIR, clientBuild } from '../../../src/server/pages/client-build.ts';
import { ensureClientBuild } from '../../support/server.ts';

/**
 * A page links the stylesheets of what it renders on the server, its on-demand chunks included (the
 * member's home feed), so nothing shifts when their scripts arrive; and no other page's.
 */
beforeAll(() => {
  ensureClientBuild();
});

type Manifest = Record<string, { file: string; css?: string[] }>;

it('links the home feed chunk’s stylesheets with the home page, and not the pin page’s', async () => {
  const build = await clientBuild();
  if (!build) throw new Error('no client build');
  const manifest = JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const sheets = (source: string) => (manifest[source]?.css ?? []).map((file) => `/${file}`);
  const home = build.routeAssets('index').css;
  expect(sheets('src/web/home/HomeFeed.tsx').length).toBeGreaterThan(0);
  expect(home).toEqual(expect.arrayContaining(sheets('src/web/home/HomeFeed.tsx')));
  expect(home).not.toEqual(expect.arrayContaining(sheets('src/web/routes/pin/[id].tsx')));
  // The feed's script still waits for a member: only stylesheets come along.
  expect(build.routeAssets('index').js.some((file) => file.includes('HomeFeed'))).toBe(false);
});
