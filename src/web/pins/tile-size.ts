import { clampRatio, type GridDensity, type TileSize } from '../grid/layout.ts';
import { imageAspect } from './images.ts';
import type { PinJson } from './types.ts';

/*
 * A tile's text below the image has a fixed height (one line of title, one creator row), so its
 * place in the grid follows from stored sizes alone. PinTile.module.css holds these heights.
 */
export const TITLE_BLOCK = 28;
export const CREATOR_BLOCK = 32;
/** A grid's own line under each tile (the home feed's reason), when the grid gives one. */
export const FOOTER_BLOCK = 24;

/** Business spec section 2, "Pin tile: signed-in desktop, and default". */
export type TileVariant = 'default' | 'signedInDesktop';

export function pinTileSize(pin: PinJson, variant: TileVariant, density: GridDensity, withFooter = false): TileSize {
  const aspect = imageAspect(pin.images);
  const ratio = clampRatio(aspect?.width, aspect?.height);
  if (density === 'compact') return { ratio, footer: 0 };
  const title = pin.title.trim() ? TITLE_BLOCK : 0;
  const creator = variant === 'default' ? CREATOR_BLOCK : 0;
  return { ratio, footer: title + creator + (withFooter ? FOOTER_BLOCK : 0) };
}
