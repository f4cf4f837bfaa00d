import { useState, type FocusEvent, type ReactNode } from 'react';
import type { GridDensity } from '../grid/layout.ts';
import type { TileSlot } from '../grid/MasonryGrid.tsx';
import { imageRatioStyle } from '../grid/tile-style.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { imageSource } from './images.ts';
import { SaveSlot } from './SaveSlot.tsx';
import { StoryBadge } from './StoryBadge.tsx';
import { pinTileSize, type TileVariant } from './tile-size.ts';
import type { PinJson } from './types.ts';
import { usePlaceholder } from './usePlaceholder.ts';
import styles from './PinTile.module.css';

type Props = {
  pin: PinJson;
  slot: TileSlot;
  variant: TileVariant;
  density: GridDensity;
  /** The grid's own line under the tile, one line high (FOOTER_BLOCK); undefined: none. */
  footer?: ReactNode;
};

/** The grid's image sizes: one column, or half a phone's width in the fluid layout. */
const SIZES = { default: '(width < 504px) calc(50vw - 12px), 236px', compact: '(width < 372px) calc(50vw - 12px), 170px' } as const;

export function pinPath(pin: { id: string }): string {
  return `/pin/${pin.id}/`;
}

/**
 * A pin in the grid: its image on the dominant colour (and the blurred placeholder once the script
 * runs), the title, and on the default variant the creator. On signed-in desktop, pointing at or
 * focusing the tile shows the save control and the link's domain over the image. A grid may add
 * a line of its own below (the home feed's reason), counted in the tile's size.
 */
export function PinTile({ pin, slot, variant, density, footer }: Props) {
  const { t } = useTranslation();
  const [engaged, setEngaged] = useState(false);
  const size = pinTileSize(pin, variant, density);
  const source = imageSource(pin.images, density === 'compact' ? '170x' : '236x');
  const dominant = pin.dominant_color ?? pin.images?.['236x']?.dominant_color ?? undefined;
  const label = pin.title.trim() || pin.alt_text.trim() || t('pin.pinBy', { name: pin.pinner.full_name || pin.pinner.username });
  const showText = density !== 'compact';

  const box = usePlaceholder(pin.placeholder);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) setEngaged(false);
  };
  const overlay = variant === 'signedInDesktop' && engaged;

  return (
    <div
      className={styles.tile}
      onMouseEnter={() => {
        setEngaged(true);
      }}
      onMouseLeave={() => {
        setEngaged(false);
      }}
      onFocus={() => {
        setEngaged(true);
      }}
      onBlur={onBlur}
    >
      <a href={pinPath(pin)} className={styles.link} tabIndex={slot.tabIndex} data-grid-focus="" aria-label={label}>
        <div ref={box} className={styles.image} style={{ ...imageRatioStyle(size), backgroundColor: dominant }}>
          {source ? (
            <img
              className={styles.img}
              src={source.src}
              srcSet={source.srcSet}
              sizes={SIZES[density]}
              width={source.width}
              height={source.height}
              alt=""
              loading={slot.eager ? 'eager' : 'lazy'}
              // The first screen's pictures are what the reader waits for: asked for first, shown as soon as
              // decoded. The rest (loaded early anyway: they are within the browser's lazy-load distance) wait.
              fetchPriority={slot.eager ? 'high' : 'low'}
              decoding={slot.eager ? 'auto' : 'async'}
            />
          ) : (
            <span className={styles.processing}>{t('pin.processing')}</span>
          )}
        </div>
        {showText && size.footer > 0 && pin.title.trim() && <p className={styles.title}>{pin.title}</p>}
      </a>
      {/* Beside the link, not in it: the link's name is the pin's, and the badge stays readable on its own. */}
      {pin.story_pin_data ? <StoryBadge pageCount={pin.story_pin_data.page_count} /> : pin.is_video && <span className={styles.video}>{t('pin.video')}</span>}
      {overlay && (
        <div className={styles.overlay} style={imageRatioStyle(size)}>
          <div className={styles.save}>
            <SaveSlot pin={pin} />
          </div>
          {pin.link && pin.domain && (
            <a className={styles.domain} href={pin.link} target="_blank" rel="noopener noreferrer nofollow ugc">
              {pin.domain}
            </a>
          )}
        </div>
      )}
      {showText && variant === 'default' && (
        <a href={pin.pinner.profile_url} className={styles.creator} tabIndex={-1}>
          <Avatar user={pin.pinner} size={24} />
          <span className={styles.creatorName}>{pin.pinner.full_name || pin.pinner.username}</span>
        </a>
      )}
      {showText && footer !== undefined && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
