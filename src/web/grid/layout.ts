/**
 * Masonry layout from stored image sizes: nothing is measured, so the server and the browser
 * compute the same positions and an image arriving never moves anything.
 *
 * Columns are 236 px wide with 16 px gutters (170 px when compact), as many as the container
 * holds, centred; below two fixed columns the grid is "fluid": two columns sharing the width.
 * Each item goes into the shortest column. A tile is its image (width × stored aspect ratio)
 * plus a footer of fixed height, so its top is linear in the column width:
 * `top = ratioAbove × columnWidth + fixedAbove`. That lets the server write every mode's
 * positions at once and CSS container queries pick the one that fits (see MasonryGrid.module.css).
 */

export type GridDensity = 'default' | 'compact';

export const COLUMN_WIDTHS: Readonly<Record<GridDensity, number>> = { default: 236, compact: 170 };
export const GUTTER = 16;
/** The gap of the two fluid columns of a phone. */
export const FLUID_GUTTER = 8;
export const MIN_COLUMNS = 2;
export const MAX_COLUMNS = 10;
/** Extreme images are cropped to these height/width ratios, as Pinterest does for tall infographics. */
export const MIN_RATIO = 0.4;
export const MAX_RATIO = 2.8;

/** A layout mode: a fixed column count, or the fluid two columns (`columns` 2, `fluid` true). */
export type LayoutMode = { key: string; columns: number; fluid: boolean };

export const FLUID_MODE: LayoutMode = { key: 'f', columns: MIN_COLUMNS, fluid: true };

export function fixedMode(columns: number): LayoutMode {
  return { key: String(columns), columns, fluid: false };
}

/** Every mode a grid can be in, fluid first. */
export const LAYOUT_MODES: readonly LayoutMode[] = [FLUID_MODE, ...Array.from({ length: MAX_COLUMNS - MIN_COLUMNS + 1 }, (_, i) => fixedMode(MIN_COLUMNS + i))];

/** The width n fixed columns take. */
export function fixedGridWidth(columns: number, columnWidth: number): number {
  return columns * columnWidth + (columns - 1) * GUTTER;
}

/** The mode of a container this wide. */
export function modeForWidth(width: number, columnWidth: number): LayoutMode {
  if (width < fixedGridWidth(MIN_COLUMNS, columnWidth)) return FLUID_MODE;
  return fixedMode(Math.min(MAX_COLUMNS, Math.floor((width + GUTTER) / (columnWidth + GUTTER))));
}

/** The container widths a mode serves: min inclusive, max exclusive (null: no upper bound). */
export function modeRange(mode: LayoutMode, columnWidth: number): { min: number; max: number | null } {
  if (mode.fluid) return { min: 0, max: fixedGridWidth(MIN_COLUMNS, columnWidth) };
  return { min: fixedGridWidth(mode.columns, columnWidth), max: mode.columns === MAX_COLUMNS ? null : fixedGridWidth(mode.columns + 1, columnWidth) };
}

/** The width of one column of this mode in a container this wide. */
export function columnWidthIn(mode: LayoutMode, containerWidth: number, columnWidth: number): number {
  return mode.fluid ? Math.max(1, (containerWidth - FLUID_GUTTER) / 2) : columnWidth;
}

export function gutterOf(mode: LayoutMode): number {
  return mode.fluid ? FLUID_GUTTER : GUTTER;
}

/** An item's shape: image height/width ratio (clamped) and the fixed height below the image. */
export type TileSize = { ratio: number; footer: number };

export function clampRatio(width: number | null | undefined, height: number | null | undefined): number {
  if (!width || !height || width <= 0 || height <= 0) return 1;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, height / width));
}

/** Where each item sits in one mode, in terms of the column width (see the file comment). */
export type ModeLayout = {
  mode: LayoutMode;
  column: number[];
  ratioAbove: number[];
  fixedAbove: number[];
  /** Per column: the sums for its whole height (the last gutter included). */
  columnRatio: number[];
  columnFixed: number[];
};

/**
 * Places items in the shortest column, measured at `referenceWidth` (the density's column width);
 * ties go to the column nearest the inline start. Fluid mode keeps this placement at any width,
 * so a phone's layout does not depend on its exact width.
 */
export function layoutMode(sizes: readonly TileSize[], mode: LayoutMode, referenceWidth: number): ModeLayout {
  const gutter = gutterOf(mode);
  const columnRatio = new Array<number>(mode.columns).fill(0);
  const columnFixed = new Array<number>(mode.columns).fill(0);
  const out: ModeLayout = { mode, column: [], ratioAbove: [], fixedAbove: [], columnRatio, columnFixed };
  for (const size of sizes) {
    let shortest = 0;
    let shortestHeight = Infinity;
    for (let c = 0; c < mode.columns; c++) {
      const height = (columnRatio[c] ?? 0) * referenceWidth + (columnFixed[c] ?? 0);
      if (height < shortestHeight - 0.001) {
        shortest = c;
        shortestHeight = height;
      }
    }
    out.column.push(shortest);
    out.ratioAbove.push(columnRatio[shortest] ?? 0);
    out.fixedAbove.push(columnFixed[shortest] ?? 0);
    columnRatio[shortest] = (columnRatio[shortest] ?? 0) + size.ratio;
    columnFixed[shortest] = (columnFixed[shortest] ?? 0) + size.footer + gutter;
  }
  return out;
}

/** Every mode's layout of these items. */
export function layoutAllModes(sizes: readonly TileSize[], referenceWidth: number): ModeLayout[] {
  return LAYOUT_MODES.map((mode) => layoutMode(sizes, mode, referenceWidth));
}

export type Placement = { column: number; x: number; y: number; width: number; height: number };

/** Item i's box in a container this wide (x from the inline start, so right-to-left mirrors it). */
export function placement(layout: ModeLayout, sizes: readonly TileSize[], index: number, columnWidth: number): Placement {
  const column = layout.column[index] ?? 0;
  const size = sizes[index] ?? { ratio: 1, footer: 0 };
  return {
    column,
    x: column * (columnWidth + gutterOf(layout.mode)),
    y: (layout.ratioAbove[index] ?? 0) * columnWidth + (layout.fixedAbove[index] ?? 0),
    width: columnWidth,
    height: size.ratio * columnWidth + size.footer,
  };
}

/** The grid's height: its tallest column, without the last gutter. */
export function gridHeight(layout: ModeLayout, columnWidth: number): number {
  if (layout.column.length === 0) return 0;
  const gutter = gutterOf(layout.mode);
  let tallest = 0;
  layout.columnRatio.forEach((ratio, c) => {
    tallest = Math.max(tallest, ratio * columnWidth + (layout.columnFixed[c] ?? 0) - gutter);
  });
  return tallest;
}

/** The indices of items whose box meets the band [from, to) of the grid's height. */
export function indicesInBand(layout: ModeLayout, sizes: readonly TileSize[], columnWidth: number, from: number, to: number): number[] {
  const found: number[] = [];
  for (let i = 0; i < layout.column.length; i++) {
    const { y, height } = placement(layout, sizes, i, columnWidth);
    if (y < to && y + height > from) found.push(i);
  }
  return found;
}
