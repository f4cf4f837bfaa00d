import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resources } from '../../../src/server/app.ts';
import { persistedQueryContracts } from '../../../src/server/graphql/persisted-queries.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';

/**
 * One contract per call (docs/decisions/0034-contracts.md): every resource verb, /v3 route, /v5
 * route and persisted GraphQL query declares what it takes and what it answers. The contract
 * tests then run with CHECK_ANSWERS on, so every answer they receive is checked against them.
 */
describe('the contract registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { worker: false });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('runs the contract tests with every answer checked', () => {
    expect(t.config.checkAnswers).toBe(true);
  });

  it('gives every resource verb an input and an answer contract', () => {
    const missing = resources.flatMap((resource) =>
      Object.entries(resource.verbs).flatMap(([verb, call]) => (call.output === null ? [`${resource.name} ${verb}`] : [])),
    );
    expect(missing).toEqual([]);
  });

  it('gives every persisted GraphQL query a variables and a data contract, under its own name', () => {
    const queries = persistedQueryContracts();
    expect(queries.length).toBeGreaterThan(0);
    const missing = queries.flatMap(({ name, contract }) => [
      ...(contract.variables instanceof z.ZodType ? [] : [`${name}: no variables contract`]),
      ...(contract.data instanceof z.ZodType ? [] : [`${name}: no data contract`]),
      ...(contract.name === name ? [] : [`${name}: answers with the contract of ${contract.name}`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('gives every /v3, /v5 and GraphQL route an input and an answer schema', () => {
    const calls = t.app.routeCatalogue.filter((r) => /^\/(v3|v5|_\/graphql)\//.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(calls.length).toBeGreaterThan(30);
    const lacking = calls.flatMap((route) => lacks(route).map((what) => `${String(route.method)} ${route.url}: ${what}`));
    expect(lacking).toEqual([]);
  });
});

/** What a route's schema leaves out: its answer, and each input it has (path parameters, query, body). */
function lacks(route: RouteOptions): string[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  if (!schema['response']) out.push('no answer schema');
  if (route.url.includes(':') && !schema['params']) out.push('no params schema');
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const takesBody = methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH');
  if (takesBody && !schema['body'] && !schema['consumes']) out.push('no body schema');
  if (!takesBody && !schema['querystring']) out.push('no query schema');
  return out;
}
