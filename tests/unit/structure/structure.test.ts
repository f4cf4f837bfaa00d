import { beforeAll, describe, expect, it } from 'vitest';
import { describeViolation } from '../../../scripts/structure/cruise.ts';
import { measureStructure, migrationLeaks, type StructureFigures } from '../../../scripts/structure/figures.ts';
import { firstSegmentBelow, stronglyConnected, type Graph } from '../../../scripts/structure/graph.ts';

/*
 * The structure rules of `npm run check` (scripts/check-structure.ts) as a test. The first block
 * fails until the area and folder cycles are gone (work in progress); the second checks the
 * counting itself and passes already.
 */

const graphOf = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('structure of src (fails until the server area and web folder cycles are removed)', () => {
  let figures: StructureFigures;
  // One cruise of src for every assertion: about 12 s on an idle machine, twice that under load.
  beforeAll(async () => {
    figures = await measureStructure();
  }, 60_000);

  it('has no cycle between server areas', () => {
    expect(figures.serverCycles).toEqual([]);
  });

  it('has no cycle between web folders', () => {
    expect(figures.webCycles).toEqual([]);
  });

  it('breaks no dependency rule of severity error', () => {
    expect(figures.violations.map(describeViolation)).toEqual([]);
  });

  it('has migrations that import nothing but kysely and the database helpers', () => {
    expect(migrationLeaks(figures).map(describeViolation)).toEqual([]);
  });
});

describe('structure counting', () => {
  it('names the area of a module by its first segment below the root', () => {
    const area = firstSegmentBelow('src/server');
    expect(area('src/server/pins/x.ts')).toBe('pins');
    expect(area('src/server/errors.ts')).toBe('errors');
    expect(area('src/server/db/migrations/0006-search.ts')).toBe('db');
    expect(area('src/web/app/App.tsx')).toBeNull();
    expect(area('node_modules/kysely/dist/index.js')).toBeNull();
  });

  it('finds the groups that reach one another, however long the loop', () => {
    const graph = graphOf({ a: ['b'], b: ['c'], c: ['a', 'd'], d: ['e'], e: ['d'], f: ['a'] });
    expect(stronglyConnected(graph)).toEqual([['a', 'b', 'c'], ['d', 'e'], ['f']]);
  });

  it('finds no cycle in a graph without one', () => {
    const graph = graphOf({ app: ['pins', 'boards'], pins: ['db'], boards: ['db', 'pins'], db: [] });
    expect(stronglyConnected(graph).every((component) => component.length === 1)).toBe(true);
  });
});
