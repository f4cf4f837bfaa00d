import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { buildBootstrap } from '../../../src/server/pages/page-context.ts';
import {
  CLOSEUP_GRAPH_QUERY_EXPERIMENT,
  closeupDetailVariables,
  closeupGraphQueryOn,
  closeupPageVariables,
  closeupToPreload,
} from '../../../src/shared/closeup-preload.ts';

const on = { [CLOSEUP_GRAPH_QUERY_EXPERIMENT]: 'enabled' };
const pinRoute = (id: string) => ({ handlerId: 'pin/[id]', params: { id } });

/** Viewer spec section 7: the pin page preloads the page and detail queries when the graph-query experiment is on. */
describe('the closeup preload rule', () => {
  it('is on for groups starting with enabled or employee, off for others and outside the experiment (spec section 6)', () => {
    expect(closeupGraphQueryOn(on)).toBe(true);
    expect(closeupGraphQueryOn({ [CLOSEUP_GRAPH_QUERY_EXPERIMENT]: 'employee_preview' })).toBe(true);
    expect(closeupGraphQueryOn({ [CLOSEUP_GRAPH_QUERY_EXPERIMENT]: 'control' })).toBe(false);
    expect(closeupGraphQueryOn({ other_experiment: 'enabled' })).toBe(false);
    expect(closeupGraphQueryOn({})).toBe(false);
  });

  it('preloads pin routes only, and only with the experiment on', () => {
    expect(closeupToPreload(pinRoute('123'), on)).toBe('123');
    expect(closeupToPreload(pinRoute('123'), {})).toBeNull();
    expect(closeupToPreload({ handlerId: 'pin/[id]/sent', params: { id: '123' } }, on)).toBeNull();
    expect(closeupToPreload({ handlerId: '[username]', params: { username: 'ada' } }, on)).toBeNull();
    expect(closeupToPreload(null, on)).toBeNull();
  });

  it('asks the queries with the variables of the spec, the same for the preload and the page', () => {
    const member = { isAuthenticated: true, isMobile: false };
    expect(closeupDetailVariables('9', member)).toEqual({ pinId: '9', isAuth: true, isDesktop: true });
    expect(closeupPageVariables('9', { isAuthenticated: false, isMobile: true })).toEqual({ pinId: '9', isAuth: false });
  });
});

describe('experiment groups come from the operator’s configuration', () => {
  const page = (userAgent: string) => ({ url: new URL('https://cork.example/pin/1/'), userAgent, acceptLanguage: null });
  const bootstrapFor = (userAgent: string, experiments: Record<string, string>) =>
    buildBootstrap({ page: page(userAgent), match: null, viewer: null, locale: 'en_US', appVersion: 'x', experiments });

  it('EXPERIMENTS lists name=group pairs; anything else is a configuration error', () => {
    expect(loadConfig({ EXPERIMENTS: 'web_closeup_graph_query=enabled, web_home_feed_keep_window=enabled_1_min' }).experiments).toEqual({
      web_closeup_graph_query: 'enabled',
      web_home_feed_keep_window: 'enabled_1_min',
    });
    expect(loadConfig({}).experiments).toEqual({});
    expect(() => loadConfig({ EXPERIMENTS: 'web_closeup_graph_query' })).toThrow(/EXPERIMENTS/);
    expect(() => loadConfig({ EXPERIMENTS: 'a=<script>' })).toThrow(/EXPERIMENTS/);
  });

  it('the bootstrap carries them as active experiments, except for bots (spec section 6)', () => {
    expect(bootstrapFor('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', on).experiments.active).toEqual(on);
    expect(bootstrapFor('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', on).experiments.active).toEqual({});
  });
});
