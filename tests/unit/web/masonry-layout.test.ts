import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moveForKey, neighbour, type TileBox } from '../../../src/web/grid/keyboard.ts';
import {
  clampRatio,
  COLUMN_WIDTHS,
  FLUID_MODE,
  fixedMode,
  gridHeight,
  indicesInBand,
  layoutAllModes,
  layoutMode,
  LAYOUT_MODES,
  MAX_COLUMNS,
  modeForWidth,
  modeRange,
  placement,
  type ModeLayout,
  type TileSize,
} from '../../../src/web/grid/layout.ts';
import { tileVars } from '../../../src/web/grid/tile-style.ts';

const W = COLUMN_WIDTHS.default;
const tile = (ratio: number, footer = 0): TileSize => ({ ratio, footer });
const boxes = (layout: ModeLayout, sizes: TileSize[], width = W): TileBox[] => sizes.map((_, i) => placement(layout, sizes, i, width));

describe('masonry column count by width', () => {
  it('fits as many 236 px columns with 16 px gutters as the width holds, two fluid columns on a phone', () => {
    expect(modeForWidth(390 - 16, W)).toEqual(FLUID_MODE);
    expect(modeForWidth(487.9, W)).toEqual(FLUID_MODE);
    expect(modeForWidth(488, W)).toEqual(fixedMode(2));
    expect(modeForWidth(1248, W)).toEqual(fixedMode(5));
    expect(modeForWidth(1243, W)).toEqual(fixedMode(4));
    expect(modeForWidth(1905, W)).toEqual(fixedMode(7));
    expect(modeForWidth(10_000, W)).toEqual(fixedMode(MAX_COLUMNS));
  });

  it('fits more of the narrower compact columns', () => {
    expect(modeForWidth(1248, COLUMN_WIDTHS.compact)).toEqual(fixedMode(6));
    expect(modeForWidth(358, COLUMN_WIDTHS.compact)).toEqual(fixedMode(2));
  });

  it('gives every width exactly one mode, and the ranges meet without gaps', () => {
    for (const width of [0, 100, 487, 488, 739, 740, 991, 992, 1500, 2503, 2504, 5000]) {
      const owners = LAYOUT_MODES.filter((mode) => {
        const { min, max } = modeRange(mode, W);
        return width >= min && (max === null || width < max);
      });
      expect(owners, String(width)).toEqual([modeForWidth(width, W)]);
    }
  });

  it('matches the container queries of MasonryGrid.module.css', () => {
    const css = fs.readFileSync(path.resolve(import.meta.dirname, '../../../src/web/grid/MasonryGrid.module.css'), 'utf8');
    for (const [density, width] of Object.entries(COLUMN_WIDTHS)) {
      for (const mode of LAYOUT_MODES) {
        const { min, max } = modeRange(mode, width);
        const condition = mode.fluid ? `(width < ${max}px)` : max === null ? `(width >= ${min}px)` : `(${min}px <= width < ${max}px)`;
        const rule = new RegExp(`@container masonry ${condition.replace(/[()]/g, '\\$&')} \\{\\s*\\.${density} \\.body \\{[^}]*var\\(--h${mode.key}\\)`);
        expect(css, `${density} ${mode.key}`).toMatch(rule);
      }
    }
  });
});

describe('masonry placement', () => {
  it('puts each item in the shortest column, ties going to the inline start', () => {
    const sizes = [tile(1), tile(2), tile(0.5), tile(1), tile(1)];
    const layout = layoutMode(sizes, fixedMode(3), W);
    expect(layout.column).toEqual([0, 1, 2, 2, 0]);
    const third = placement(layout, sizes, 3, W);
    expect(third).toMatchObject({ column: 2, x: 2 * (W + 16), y: 0.5 * W + 16, width: W, height: W });
  });

  it('counts the fixed footer of each tile and the gutter between tiles', () => {
    const sizes = [tile(1, 60), tile(1, 0), tile(1, 0)];
    const layout = layoutMode(sizes, fixedMode(2), W);
    expect(layout.column).toEqual([0, 1, 1]);
    expect(placement(layout, sizes, 2, W).y).toBe(W + 16);
    expect(gridHeight(layout, W)).toBe(2 * W + 16);
  });

  it('keeps the same positions when more items are appended (nothing already shown moves)', () => {
    const first = Array.from({ length: 25 }, (_, i) => tile(clampRatio(236, 150 + ((i * 37) % 300)), i % 3 === 0 ? 28 : 60));
    const more = [...first, ...Array.from({ length: 25 }, (_, i) => tile(1 + (i % 4) / 4, 28))];
    const before = layoutAllModes(first, W);
    const after = layoutAllModes(more, W);
    for (let i = 0; i < first.length; i++) expect(tileVars(after, i, W)).toEqual(tileVars(before, i, W));
  });

  it('computes the same layout for the same sizes (the server’s HTML is what the browser renders)', () => {
    const sizes = [tile(1.5, 28), tile(0.75, 60), tile(1.25, 0)];
    expect(tileVars(layoutAllModes(sizes, W), 1, W)).toEqual(tileVars(layoutAllModes([...sizes], W), 1, W));
  });

  it('writes fixed modes in pixels and the fluid mode relative to the grid width', () => {
    const sizes = [tile(1), tile(1.5), tile(0.5)];
    const vars = tileVars(layoutAllModes(sizes, W), 2, W) as Record<string, string>;
    expect(vars['--x3']).toBe(`${2 * 252}px`);
    expect(vars['--y3']).toBe('0px');
    expect(vars['--xf']).toBe('0px');
    expect(vars['--yf']).toBe('calc(1 * (50cqi - 4px) + 8px)');
  });

  it('clamps extreme images and treats unknown sizes as square', () => {
    expect(clampRatio(100, 1000)).toBe(2.8);
    expect(clampRatio(1000, 100)).toBe(0.4);
    expect(clampRatio(null, 300)).toBe(1);
  });

  it('finds only the items that meet a band of the grid (virtualization)', () => {
    const sizes = Array.from({ length: 10_000 }, (_, i) => tile(1 + (i % 5) / 10, 28));
    const layout = layoutMode(sizes, fixedMode(5), W);
    const band = indicesInBand(layout, sizes, W, 100_000, 101_000);
    expect(band.length).toBeGreaterThan(5);
    expect(band.length).toBeLessThan(40);
    for (const i of band) {
      const { y, height } = placement(layout, sizes, i, W);
      expect(y < 101_000 && y + height > 100_000).toBe(true);
    }
  });
});

describe('masonry keyboard navigation map', () => {
  const sizes = [tile(1), tile(2), tile(0.5), tile(1), tile(1), tile(1)];
  const layout = layoutMode(sizes, fixedMode(3), W);
  const map = boxes(layout, sizes);

  it('moves down and up within a column', () => {
    expect(layout.column).toEqual([0, 1, 2, 2, 0, 2]);
    expect(neighbour(map, 2, 'down')).toBe(3);
    expect(neighbour(map, 3, 'down')).toBe(5);
    expect(neighbour(map, 3, 'up')).toBe(2);
    expect(neighbour(map, 2, 'up')).toBe(2);
    expect(neighbour(map, 1, 'down')).toBe(1);
  });

  it('moves to the tile level with the current one in the next or previous column', () => {
    expect(neighbour(map, 0, 'nextColumn')).toBe(1);
    expect(neighbour(map, 4, 'nextColumn')).toBe(1);
    expect(neighbour(map, 1, 'nextColumn')).toBe(3);
    expect(neighbour(map, 3, 'previousColumn')).toBe(1);
    expect(neighbour(map, 0, 'previousColumn')).toBe(0);
    expect(neighbour(map, 5, 'nextColumn')).toBe(5);
  });

  it('goes to the first and the last tile with Home and End', () => {
    expect(neighbour(map, 3, 'first')).toBe(0);
    expect(neighbour(map, 0, 'last')).toBe(5);
  });

  it('maps the arrows by reading direction: in right-to-left text ArrowLeft goes to the next column', () => {
    expect(moveForKey('ArrowRight', 'ltr')).toBe('nextColumn');
    expect(moveForKey('ArrowLeft', 'ltr')).toBe('previousColumn');
    expect(moveForKey('ArrowLeft', 'rtl')).toBe('nextColumn');
    expect(moveForKey('ArrowRight', 'rtl')).toBe('previousColumn');
    expect(moveForKey('ArrowDown', 'rtl')).toBe('down');
    expect(moveForKey('Enter', 'ltr')).toBeNull();
  });

  it('lays out right-to-left in the same order from the inline start: the first item takes the first column', () => {
    // Positions are logical (inset-inline-start), so the browser mirrors them in RTL; the order is the same.
    const rtl = layoutMode(sizes, fixedMode(3), W);
    expect(rtl.column.slice(0, 3)).toEqual([0, 1, 2]);
    expect(placement(rtl, sizes, 0, W).x).toBe(0);
  });
});
