import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useApp } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { moveForKey, neighbour } from './keyboard.ts';
import {
  COLUMN_WIDTHS,
  columnWidthIn,
  gridHeight,
  indicesInBand,
  layoutAllModes,
  LAYOUT_MODES,
  modeForWidth,
  placement,
  type GridDensity,
  type TileSize,
} from './layout.ts';
import { gridVars, tileVars } from './tile-style.ts';
import { useGridViewport } from './viewport.ts';
import styles from './MasonryGrid.module.css';

/** What a tile needs from the grid: its place in the roving focus and whether it loads at once. */
export type TileSlot = {
  index: number;
  /** 0 for the one tile Tab lands on, -1 for the rest; goes on the element marked data-grid-focus. */
  tabIndex: 0 | -1;
  /** The first tiles load their image at once; later ones lazily. */
  eager: boolean;
};

type Props<T> = {
  items: readonly T[];
  /** The tile's shape from stored sizes; a stable function (module level or memoized). */
  sizeOf: (item: T) => TileSize;
  keyOf: (item: T) => string;
  renderTile: (item: T, slot: TileSlot) => ReactNode;
  label: string;
  density?: GridDensity;
  /** More pages exist: the grid asks for the next one when the reader nears the end. */
  hasMore: boolean;
  fetching: boolean;
  loadMore: () => void;
};

/** Until the grid is measured (and on the server) every tile of the first pages is rendered. */
const UNMEASURED_LIMIT = 50;
/** Enough for the first screen of the widest grid (eight columns, two rows). */
const EAGER_TILES = 16;
/** Tiles this far (at least) outside the window stay in the document. */
const MIN_OVERSCAN = 600;
/** The next page is asked for when the window's bottom is this many window heights from the end. */
const LOAD_AHEAD = 1.5;

/**
 * The virtualized masonry grid: positions from stored sizes (layout.ts), only the tiles near the
 * window in the document, the next page loaded near the end, and keyboard moves with one tab
 * stop (arrows, Home, End; Enter follows the tile's link).
 */
export function MasonryGrid<T>({ items, sizeOf, keyOf, renderTile, label, density = 'default', hasMore, fetching, loadMore }: Props<T>) {
  const { t } = useTranslation();
  const { bootstrap } = useApp();
  const gridRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const viewport = useGridViewport(gridRef);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const focusPending = useRef(false);

  const columnWidth = COLUMN_WIDTHS[density];
  const sizes = useMemo(() => items.map(sizeOf), [items, sizeOf]);
  const layouts = useMemo(() => layoutAllModes(sizes, columnWidth), [sizes, columnWidth]);

  const found = activeKey === null ? -1 : items.findIndex((item) => keyOf(item) === activeKey);
  const active = found >= 0 ? found : 0;
  const mode = viewport ? modeForWidth(viewport.width, columnWidth) : null;
  const layout = mode ? layouts[LAYOUT_MODES.findIndex((m) => m.key === mode.key)] : undefined;
  const columns = mode && viewport ? columnWidthIn(mode, viewport.width, columnWidth) : columnWidth;

  let shown: number[];
  if (!viewport || !layout) {
    shown = sizes.slice(0, UNMEASURED_LIMIT).map((_, i) => i);
  } else {
    const overscan = Math.max(MIN_OVERSCAN, viewport.height);
    shown = indicesInBand(layout, sizes, columns, viewport.top - overscan, viewport.top + viewport.height + overscan);
    // The tile that holds the focus stays, so scrolling away does not drop it.
    if (active < items.length && !shown.includes(active)) shown.push(active);
  }

  const nearEnd = viewport !== null && layout !== undefined && viewport.top + viewport.height * (1 + LOAD_AHEAD) >= gridHeight(layout, columns);
  useEffect(() => {
    if (nearEnd && hasMore && !fetching) loadMore();
  }, [nearEnd, hasMore, fetching, loadMore, items.length]);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    bodyRef.current?.querySelector<HTMLElement>(`[data-grid-index="${active}"] [data-grid-focus]`)?.focus();
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLElement) || !event.target.hasAttribute('data-grid-focus')) return;
    const move = moveForKey(event.key, bootstrap.dir);
    if (!move || !layout) return;
    const boxes = sizes.map((_, i) => placement(layout, sizes, i, columns));
    const next = neighbour(boxes, active, move);
    event.preventDefault();
    const nextItem = items[next];
    if (next === active || nextItem === undefined) return;
    focusPending.current = true;
    setActiveKey(keyOf(nextItem));
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const index = Number(event.target.closest('[data-grid-index]')?.getAttribute('data-grid-index') ?? NaN);
    const item = items[index];
    if (item !== undefined && index !== active) setActiveKey(keyOf(item));
  };

  return (
    <div ref={gridRef} className={`${styles.grid} ${styles[density]}`} data-grid-density={density}>
      <div
        ref={bodyRef}
        role="list"
        aria-label={label}
        aria-busy={fetching}
        className={styles.body}
        style={gridVars(layouts, columnWidth)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        {shown.map((index) => {
          const item = items[index];
          if (item === undefined) return null;
          return (
            <div
              key={keyOf(item)}
              role="listitem"
              className={styles.tile}
              data-grid-index={index}
              aria-posinset={index + 1}
              aria-setsize={hasMore ? -1 : items.length}
              style={tileVars(layouts, index, columnWidth)}
            >
              {renderTile(item, { index, tabIndex: index === active ? 0 : -1, eager: index < EAGER_TILES })}
            </div>
          );
        })}
      </div>
      {hasMore && <div className={styles.more}>{fetching && <Spinner label={t('grid.loadingMore')} size={32} />}</div>}
    </div>
  );
}
