import { describe, expect, it } from 'vitest';
import { buildBootstrap, buildInitialState } from '../../../src/server/pages/page-context.ts';
import { escapeHtml, jsonScript, renderDocument } from '../../../src/server/pages/document.ts';

describe('page document', () => {
  it('embeds JSON that cannot close its script element', () => {
    const block = jsonScript('cb-state', { text: '</script><script>alert(1)</script>', line: '\u2028' });
    expect(block).not.toContain('</script><script>');
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const json = block.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script>', line: '\u2028' });
  });

  it('has no inline executable script', () => {
    const html = renderDocument({
      lang: 'ar-SA',
      dir: 'rtl',
      title: 'A <b> title',
      canonicalUrl: 'https://corkboard.example/',
      noindex: false,
      stylesheets: ['/assets/main.css'],
      scripts: { entry: '/assets/main.js', preload: ['/assets/react.js'] },
      body: '<div>page</div>',
      bootstrap: { a: 1 },
      state: { b: 2 },
      routes: {},
    });
    expect(html).toContain('<html lang="ar-SA" dir="rtl">');
    expect(html).toContain('<title>A &lt;b&gt; title</title>');
    expect(html).toContain('<link rel="canonical" href="https://corkboard.example/">');
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    for (const tag of scripts) expect(tag).toMatch(/type="application\/json"|type="module" src=/);
  });

  it('asks for the scripts at low priority, after the pictures of the first screen', () => {
    const html = renderDocument({
      lang: 'en-US',
      dir: 'ltr',
      title: 'Home',
      canonicalUrl: null,
      noindex: false,
      stylesheets: ['/assets/style.css'],
      scripts: { entry: '/assets/main.js', preload: ['/assets/react.js', '/assets/HomePage.js'] },
      body: '<img src="/media/a.jpg" fetchpriority="high">',
    });
    expect(html).toContain('<link rel="stylesheet" href="/assets/style.css">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/react.js" fetchpriority="low">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/HomePage.js" fetchpriority="low">');
    expect(html).toContain('<script type="module" src="/assets/main.js" fetchpriority="low"></script>');
  });

  it('escapes attribute text', () => {
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });
});

describe('bootstrap (spec section 3)', () => {
  const page = (path: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/139.0') => ({
    url: new URL(path, 'https://corkboard.example'),
    userAgent,
    acceptLanguage: null,
  });

  it('names the handler, its params and the request kind', () => {
    const bootstrap = buildBootstrap({
      page: page('/pin/12/?utm_pai=1', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'),
      match: { handlerId: 'pin/[id]', route: '/pin/:id', params: { id: '12' } },
      viewer: null,
      locale: 'he_IL',
      appVersion: 'abc',
    });
    expect(bootstrap).toMatchObject({
      appVersion: 'abc',
      experiments: { active: {}, triggerable: {} },
      handlerProps: { params: { id: '12' }, path: '/pin/12/', search: '?utm_pai=1' },
      initialHandlerId: 'pin/[id]',
      isAuthenticated: false,
      isBot: false,
      isMobile: true,
      renderMode: 'server',
      locale: 'he_IL',
      dir: 'rtl',
    });
  });

  it('flags bots and unknown paths', () => {
    const bootstrap = buildBootstrap({ page: page('/nope', 'Googlebot/2.1'), match: null, viewer: null, locale: 'en_US', appVersion: 'x' });
    expect(bootstrap.isBot).toBe(true);
    expect(bootstrap.initialHandlerId).toBe('not-found');
  });

  it('carries the start-up session flags in the initial state', () => {
    const state = buildInitialState(new URL('https://corkboard.example/?utm_source=homescreen_icon&utm_pai=x'), null);
    expect(state.session).toEqual({ isAuthenticated: false, isCachedRender: false, isPWA: true, isPaidTraffic: true, loggedOutUserInfo: null });
    expect(state.viewer).toBeNull();
  });
});
