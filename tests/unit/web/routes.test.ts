import { describe, expect, it } from 'vitest';
import { buildRouteTable, compareRoutes, handlerNameFromPath, matchRoute, routeFromHandler, RouteError } from '../../../src/shared/routes.ts';

/** Handler names for every route of spec section 2, as files under src/web/routes/ would be named. */
const SPEC_HANDLERS = [
  'index',
  'homefeed',
  'login',
  'signup',
  'pin/[id]',
  'pin/[id]/sent',
  'pin/[id]/repin',
  '[username]',
  '[username]/[slug]',
  'topics/[interest]',
  'today',
  'today/[term]/[title]/[articleId]',
  'ideas',
  'ideas/[interest]/[id]',
  'videos',
  'videos/[category]/[id]',
  'shopping',
  'shopping/[category]/[id]',
  'search/[scope]',
];

describe('routeFromHandler (spec section 2, route mechanics)', () => {
  it('drops the .js and .tsx suffixes', () => {
    expect(routeFromHandler('login.js')).toBe('/login');
    expect(routeFromHandler('login.tsx')).toBe('/login');
  });

  it('turns a bracketed segment into a parameter', () => {
    expect(routeFromHandler('pin/[id]')).toBe('/pin/:id');
    expect(routeFromHandler('pin/[id]/sent.js')).toBe('/pin/:id/sent');
    expect(routeFromHandler('[username]/[slug].tsx')).toBe('/:username/:slug');
  });

  it('maps index to /', () => {
    expect(routeFromHandler('index')).toBe('/');
    expect(routeFromHandler('index.js')).toBe('/');
  });

  it('refuses a nested index', () => {
    expect(() => routeFromHandler('pin/index')).toThrow(RouteError);
    expect(() => routeFromHandler('search/[scope]/index.tsx')).toThrow(/Nested index/);
  });

  it('refuses segments that are neither static nor a parameter', () => {
    expect(() => routeFromHandler('pin/[id')).toThrow(RouteError);
    expect(() => routeFromHandler('Pin Page')).toThrow(RouteError);
  });

  it('reads handler names from glob keys', () => {
    expect(handlerNameFromPath('../routes/pin/[id].tsx')).toBe('pin/[id]');
    expect(handlerNameFromPath('./routes/index.tsx')).toBe('index');
  });
});

describe('route table of the full spec route list', () => {
  const table = buildRouteTable(SPEC_HANDLERS);
  const match = (path: string) => matchRoute(table, path);

  it('orders static segments before parameterized ones', () => {
    const routes = table.map((entry) => entry.route);
    const before = (a: string, b: string) => {
      expect(routes.indexOf(a)).toBeLessThan(routes.indexOf(b));
    };
    before('/login', '/:username');
    before('/today', '/:username');
    before('/pin/:id', '/:username/:slug');
    before('/search/:scope', '/:username/:slug');
    before('/topics/:interest', '/:username/:slug');
    expect(compareRoutes('/pin/:id', '/:username/:slug')).toBeLessThan(0);
    expect(compareRoutes('/:username', '/today')).toBeGreaterThan(0);
  });

  it('resolves each spec route to its handler', () => {
    expect(match('/')?.handlerId).toBe('index');
    expect(match('/homefeed/')?.handlerId).toBe('homefeed');
    expect(match('/login')?.handlerId).toBe('login');
    expect(match('/login/')?.handlerId).toBe('login');
    expect(match('/pin/123/')).toMatchObject({ handlerId: 'pin/[id]', params: { id: '123' } });
    expect(match('/pin/123/sent/')).toMatchObject({ handlerId: 'pin/[id]/sent', params: { id: '123' } });
    expect(match('/pin/123/repin/')?.handlerId).toBe('pin/[id]/repin');
    expect(match('/ada')).toMatchObject({ handlerId: '[username]', params: { username: 'ada' } });
    expect(match('/ada/kitchen-ideas/')).toMatchObject({ handlerId: '[username]/[slug]', params: { username: 'ada', slug: 'kitchen-ideas' } });
    expect(match('/topics/cooking')).toMatchObject({ handlerId: 'topics/[interest]', params: { interest: 'cooking' } });
    expect(match('/today')?.handlerId).toBe('today');
    expect(match('/today/shop/summer-looks/42/')).toMatchObject({
      handlerId: 'today/[term]/[title]/[articleId]',
      params: { term: 'shop', title: 'summer-looks', articleId: '42' },
    });
    expect(match('/ideas/')?.handlerId).toBe('ideas');
    expect(match('/ideas/gardening/918')).toMatchObject({ handlerId: 'ideas/[interest]/[id]', params: { interest: 'gardening', id: '918' } });
    expect(match('/videos/diy/7')?.handlerId).toBe('videos/[category]/[id]');
    expect(match('/shopping/')?.handlerId).toBe('shopping');
    expect(match('/search/pins/')).toMatchObject({ handlerId: 'search/[scope]', params: { scope: 'pins' } });
  });

  it('lets a static segment win over a parameter at the same position', () => {
    expect(match('/pin/123')?.handlerId).toBe('pin/[id]');
    expect(match('/today')?.handlerId).toBe('today');
    expect(match('/search/boards')?.handlerId).toBe('search/[scope]');
    expect(match('/ideas')?.handlerId).toBe('ideas');
  });

  it('matches exactly: no prefixes, no extra segments', () => {
    expect(match('/pin/123/sent/extra')).toBeNull();
    expect(match('/topics/a/b/c')).toBeNull();
    expect(match('/a/b/c')).toBeNull();
    expect(match('/today/a/b/c/d')).toBeNull();
    expect(match('//')).toBeNull();
  });

  it('accepts only word characters and hyphens in a pin id', () => {
    expect(match('/pin/abc-123_x')?.params).toEqual({ id: 'abc-123_x' });
    expect(match('/pin/12.3')?.handlerId).not.toBe('pin/[id]');
  });

  it('decodes parameters', () => {
    expect(match('/%C3%A9l%C3%A8ve')?.params).toEqual({ username: 'élève' });
    expect(match('/%E0%A4%A')?.params).toEqual({ username: '%E0%A4%A' });
  });

  it('refuses two handlers for one route', () => {
    expect(() => buildRouteTable(['login', 'login.js'])).toThrow(/both serve/);
  });
});

describe('route table of the handlers that exist now', () => {
  it('sends unknown paths to no handler (the not-found page)', () => {
    const table = buildRouteTable(['index', 'homefeed', 'login', 'signup']);
    expect(matchRoute(table, '/nope')).toBeNull();
    expect(matchRoute(table, '/pin/1')).toBeNull();
    expect(matchRoute(table, '/signup/')?.handlerId).toBe('signup');
  });
});
