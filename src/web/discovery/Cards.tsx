import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { imageSource } from '../pins/images.ts';
import type { PinJson } from '../pins/types.ts';
import type { DiscoverySection } from './types.ts';
import styles from './discovery.module.css';

/** A card's picture: its cover pin's, filling the card; decorative, the caption names the card. */
function Cover({ pin }: { pin: PinJson | null }) {
  const source = imageSource(pin?.images ?? null, '474x');
  if (!source) return null;
  return (
    <img
      src={source.src}
      srcSet={source.srcSet}
      sizes="(width < 700px) 100vw, 320px"
      alt=""
      loading="lazy"
      decoding="async"
      style={{ backgroundColor: pin?.dominant_color ?? undefined }}
    />
  );
}

/** A link card: the cover and a caption over its foot. */
export function Card({ href, cover, children }: { href: string; cover: PinJson | null; children: ReactNode }) {
  return (
    <a className={styles.card} href={href}>
      <Cover pin={cover} />
      <span className={styles.caption}>{children}</span>
    </a>
  );
}

const SECTIONS = [
  { path: '/ideas/', key: 'discovery.tabIdeas' },
  { path: '/videos/', key: 'discovery.tabVideos' },
  { path: '/shopping/', key: 'discovery.tabShopping' },
] as const;

/** Ideas, videos and shopping: the three ways to explore, as tabs. */
export function ExploreTabs({ current }: { current: 'ideas' | DiscoverySection }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.tabs} aria-label={t('discovery.tabsLabel')}>
      {SECTIONS.map(({ path, key }) => (
        <a key={path} href={path} className={styles.tab} aria-current={path === `/${current}/` ? 'page' : undefined}>
          {t(key)}
        </a>
      ))}
    </nav>
  );
}
