import { Fragment } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { reasonParts } from './reason-line.ts';
import styles from './HomeFeed.module.css';
import type { HomeRecommendationReason } from '../../shared/contracts/feeds.ts';

/** Why the pin is on the feed, under its tile; the tile's footer gives it one line of fixed height. */
export function ReasonLine({ reason }: { reason: HomeRecommendationReason | undefined }) {
  const { t } = useTranslation();
  const parts = reason ? reasonParts(t, reason) : [];
  return (
    <>
      {parts.map((part, index) =>
        part.href ? (
          // One tab stop per tile (the pin's link); the grid's arrow keys move between tiles.
          <a key={index} href={part.href} className={styles.reasonLink} tabIndex={-1}>
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
