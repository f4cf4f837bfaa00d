import { useCallback } from 'react';
import { useApp, useViewer } from '../app/context.ts';
import type { FeedState } from '../data/resources.tsx';
import type { GridDensity } from '../grid/layout.ts';
import { MasonryGrid, type TileSlot } from '../grid/MasonryGrid.tsx';
import { PinTile } from './PinTile.tsx';
import { pinTileSize, type TileVariant } from './tile-size.ts';
import type { PinJson } from './types.ts';

/** Signed-in desktop gets the hover variant; visitors and phones the default one (decided by the device, so the server knows it). */
export function useTileVariant(): TileVariant {
  const viewer = useViewer();
  const { bootstrap } = useApp();
  return viewer && !bootstrap.isMobile ? 'signedInDesktop' : 'default';
}

const keyOfPin = (pin: PinJson) => pin.id;

/** A feed of pins in the masonry grid, paging as the reader scrolls. */
export function PinGrid({ feed, label, density = 'default' }: { feed: FeedState<PinJson>; label: string; density?: GridDensity }) {
  const variant = useTileVariant();
  const sizeOf = useCallback((pin: PinJson) => pinTileSize(pin, variant, density), [variant, density]);
  const renderTile = useCallback((pin: PinJson, slot: TileSlot) => <PinTile pin={pin} slot={slot} variant={variant} density={density} />, [variant, density]);
  return (
    <MasonryGrid
      items={feed.items}
      sizeOf={sizeOf}
      keyOf={keyOfPin}
      renderTile={renderTile}
      label={label}
      density={density}
      hasMore={feed.status === 'ready' && !feed.atEnd}
      fetching={feed.fetching}
      loadMore={feed.loadMore}
    />
  );
}
