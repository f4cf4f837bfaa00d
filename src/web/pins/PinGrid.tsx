import { useCallback, type ReactNode } from 'react';
import { pinFooterHidden } from '../../shared/experiments.ts';
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

type Props<P extends PinJson> = {
  feed: FeedState<P>;
  label: string;
  density?: GridDensity;
  /** A line of this grid's own under every tile (the home feed's reason); a stable function. */
  footerOf?: ((pin: P) => ReactNode) | undefined;
};

/** A feed of pins in the masonry grid, paging as the reader scrolls. */
export function PinGrid<P extends PinJson>({ feed, label, density = 'default', footerOf: ownFooter }: Props<P>) {
  const variant = useTileVariant();
  // Spec sections 4 and 9: experience 500417 of placement 1000069 hides the footer; the server
  // renders with the member's experiences, so the footer never shows and then goes.
  const footerOf = pinFooterHidden(useApp().state.experiences) ? undefined : ownFooter;
  const withFooter = footerOf !== undefined;
  const sizeOf = useCallback((pin: P) => pinTileSize(pin, variant, density, withFooter), [variant, density, withFooter]);
  const renderTile = useCallback(
    (pin: P, slot: TileSlot) => <PinTile pin={pin} slot={slot} variant={variant} density={density} footer={footerOf?.(pin)} />,
    [variant, density, footerOf],
  );
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
