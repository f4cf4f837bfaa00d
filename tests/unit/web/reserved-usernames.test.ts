import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRouteTable, handlerNameFromPath, matchRoute } from '../../../src/shared/routes.ts';
import { isReservedUsername, usernameProblem } from '../../../src/shared/validation/username.ts';

const ROUTES_DIR = path.resolve(import.meta.dirname, '../../../src/web/routes');

/** Every handler under src/web/routes, as the router names them. */
function handlerNames(dir = ROUTES_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return handlerNames(full);
    return entry.name.endsWith('.tsx') ? [handlerNameFromPath(full)] : [];
  });
}

/** Profiles live at /:username: a username equal to a page's first path segment would be shadowed. */
describe('usernames that are routes', () => {
  it('reserves the pages of spec section 2 and the site’s own paths', () => {
    const pages = ['login', 'signup', 'settings', 'pin', 'search', 'topics', 'today', 'ideas', 'videos', 'shopping', 'homefeed'];
    for (const name of pages) {
      expect(isReservedUsername(name), name).toBe(true);
      expect(isReservedUsername(name.toUpperCase()), name).toBe(true);
      expect(usernameProblem(name), name).toBe('That username is not available.');
    }
  });

  it('refuses the first segment of every static page route as a username, so no profile can hide one', () => {
    const firstSegments = new Set(
      handlerNames()
        .map((name) => name.split('/')[0] ?? '')
        .filter((segment) => segment !== 'index' && !segment.startsWith('[')),
    );
    expect(firstSegments.size).toBeGreaterThan(3);
    // Either reserved, or not a valid username at all (pin-builder has a dash).
    for (const segment of firstSegments) expect(usernameProblem(segment), segment).not.toBeNull();
  });

  it('sends /login and the other static pages to their own handlers, not to the profile', () => {
    const table = buildRouteTable(handlerNames());
    expect(matchRoute(table, '/login')?.handlerId).toBe('login');
    expect(matchRoute(table, '/pinlover/')?.handlerId).toBe('[username]');
    expect(matchRoute(table, '/pinlover/_created/')?.handlerId).toBe('[username]/_created');
    expect(matchRoute(table, '/pinlover/garden-plans/')?.handlerId).toBe('[username]/[slug]');
  });

  it('keeps tab segments apart from usernames and board slugs: neither can start with _', () => {
    expect(isReservedUsername('_created')).toBe(true);
    expect(usernameProblem('_saved')).not.toBeNull();
    expect(isReservedUsername('pinlover')).toBe(false);
  });
});
