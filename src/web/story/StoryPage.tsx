import { useEffect, useRef, type CSSProperties } from 'react';
import { isTextBlock, type StoryPlacedBlock } from '../../shared/story-pin.ts';
import { autoplays } from '../../shared/video-player.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { bandsOf, type StoryPageMedia, type StoryPageView } from './story-view.ts';
import styles from './Story.module.css';

type Props = {
  view: StoryPageView;
  /** The page on show: its video plays (muted, unless the reader asked for less motion or data). */
  active: boolean;
  /** The picture's accessible name (the pin's alt text or title). */
  alt: string;
  /** The image slot's width, for the browser's choice in the srcset. */
  sizes?: string;
};

/** Where a block sits: its band's alignment, or the spot it was put on by hand. */
function placement(block: StoryPlacedBlock): CSSProperties {
  const style: CSSProperties = { textAlign: block.align };
  if (!block.edits) return style;
  const { left, top, scale, rotate } = block.edits;
  return {
    ...style,
    position: 'absolute',
    insetInlineStart: `${left * 100}%`,
    insetBlockStart: `${top * 100}%`,
    transform: `scale(${scale}) rotate(${rotate}deg)`,
  };
}

function Block({ block }: { block: StoryPlacedBlock }) {
  const { t } = useTranslation();
  const style = placement(block);
  if (block.type === 'link') {
    return (
      <p className={styles.block} style={style}>
        <a className={styles.link} href={block.url} target="_blank" rel="noopener noreferrer nofollow ugc">
          {block.text}
        </a>
      </p>
    );
  }
  if (!isTextBlock(block)) {
    const heading = block.heading || (block.type === 'ingredient' ? t('pin.ingredients') : block.type === 'supply' ? t('story.supplies') : '');
    return (
      <div className={`${styles.block} ${styles.list}`} style={style}>
        {heading && <p className={styles.listHeading}>{heading}</p>}
        <ul>
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      </div>
    );
  }
  const Tag = block.type === 'heading' ? 'h2' : 'p';
  // Sizes are points of a page 360 wide (src/shared/story-pin.ts): the text scales with the frame.
  const text = {
    ...style,
    '--story-text-size': block.size,
    color: block.color,
    textTransform: block.text_case === 'uppercase' ? 'uppercase' : 'none',
  } as CSSProperties;
  return (
    <Tag className={`${styles.block} ${styles.text}`} style={text}>
      <span className={block.highlight ? `${styles.words} ${styles.highlighted}` : styles.words} style={{ backgroundColor: block.highlight ?? undefined }}>
        {block.text}
      </span>
    </Tag>
  );
}

function PageVideo({ media, active }: { media: Extract<StoryPageMedia, { kind: 'video' }>; active: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (!active) {
      video.pause();
      return;
    }
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
    if (autoplays(reduced, saveData)) {
      video.muted = true;
      // A browser may refuse to start it; the controls remain.
      video.play().catch(() => undefined);
    }
  }, [active]);
  return (
    <video
      ref={ref}
      className={styles.media}
      src={media.src}
      poster={media.poster ?? undefined}
      controls
      playsInline
      loop
      preload={active ? 'metadata' : 'none'}
    />
  );
}

function PageMedia({ media, active, alt, sizes }: { media: StoryPageMedia; active: boolean; alt: string; sizes: string }) {
  const { t } = useTranslation();
  if (media.kind === 'processing') return <p className={styles.processing}>{t('pin.processing')}</p>;
  if (media.kind === 'video') return <PageVideo media={media} active={active} />;
  return (
    <img
      className={styles.media}
      src={media.src}
      srcSet={media.srcSet}
      sizes={sizes}
      width={media.width}
      height={media.height}
      alt={alt}
      loading={active ? 'eager' : 'lazy'}
    />
  );
}

/** One page in its 9:16 frame: the background colour, the picture or video, and the blocks in their bands. */
export function StoryPage({ view, active, alt, sizes = '(width < 768px) 100vw, 360px' }: Props) {
  const bands = bandsOf(view.blocks);
  return (
    <div className={styles.page} style={{ backgroundColor: view.background }} data-layout={view.layout}>
      {view.media && <PageMedia media={view.media} active={active} alt={alt} sizes={sizes} />}
      <div className={styles.bands}>
        {(['top', 'center', 'bottom'] as const).map((band) => (
          <div key={band} className={styles.band} data-band={band}>
            {bands[band].map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </div>
        ))}
        {bands.placed.map((block, i) => (
          <Block key={`placed-${String(i)}`} block={block} />
        ))}
      </div>
    </div>
  );
}
