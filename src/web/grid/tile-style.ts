import type { CSSProperties } from 'react';
import { FLUID_GUTTER, GUTTER, gridHeight, type ModeLayout, type TileSize } from './layout.ts';

/*
 * The custom properties MasonryGrid.module.css reads: every mode's position of a tile, and every
 * mode's grid height. Fixed modes are plain pixels; the fluid mode is linear in the column width
 * (50cqi - 4px), which CSS computes from the grid's own width. Numbers are rounded the same way
 * on the server and in the browser so hydration sees identical markup.
 */

const HALF_GAP = FLUID_GUTTER / 2;
const FLUID_COLUMN = `(50cqi - ${HALF_GAP}px)`;

const px = (value: number) => `${Math.round(value * 100) / 100}px`;
const ratio = (value: number) => String(Math.round(value * 10_000) / 10_000);

/** `a × fluid column + b`, as CSS. */
function fluidLength(ratioSum: number, fixed: number): string {
  if (ratioSum === 0) return px(fixed);
  return `calc(${ratio(ratioSum)} * ${FLUID_COLUMN} + ${px(fixed)})`;
}

export function tileVars(layouts: readonly ModeLayout[], index: number, columnWidth: number): CSSProperties {
  const vars: Record<string, string> = {};
  for (const layout of layouts) {
    const column = layout.column[index] ?? 0;
    const above = layout.ratioAbove[index] ?? 0;
    const fixed = layout.fixedAbove[index] ?? 0;
    const key = layout.mode.key;
    if (layout.mode.fluid) {
      vars[`--x${key}`] = column === 0 ? '0px' : `calc(50cqi + ${HALF_GAP}px)`;
      vars[`--y${key}`] = fluidLength(above, fixed);
    } else {
      vars[`--x${key}`] = px(column * (columnWidth + GUTTER));
      vars[`--y${key}`] = px(above * columnWidth + fixed);
    }
  }
  return vars;
}

/** The image box's shape, so the image's space is reserved before it loads. */
export function imageRatioStyle(size: TileSize): CSSProperties {
  return { aspectRatio: `1 / ${ratio(size.ratio)}` };
}

export function gridVars(layouts: readonly ModeLayout[], columnWidth: number): CSSProperties {
  const vars: Record<string, string> = {};
  for (const layout of layouts) {
    const key = layout.mode.key;
    if (!layout.mode.fluid) {
      vars[`--h${key}`] = px(gridHeight(layout, columnWidth));
      continue;
    }
    const columns = layout.columnRatio.map((sum, c) => fluidLength(sum, Math.max(0, (layout.columnFixed[c] ?? 0) - FLUID_GUTTER)));
    vars[`--h${key}`] = layout.column.length === 0 ? '0px' : `max(${columns.join(', ')})`;
  }
  return vars;
}
