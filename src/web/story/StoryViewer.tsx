import { useState, type KeyboardEvent } from 'react';
import type { StoryMetadata, StoryPinDataJson } from '../../shared/story-pin.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { StoryPage } from './StoryPage.tsx';
import { pageForKey, pageViewOf } from './story-view.ts';
import styles from './Story.module.css';

type Props = {
  story: StoryPinDataJson;
  /** The pin's name, for the player's accessible name. */
  label: string;
  /** The pictures' accessible name (the pin's alt text or title). */
  alt: string;
};

/** The story's basics (servings, time, supplies...) under its pages. */
function Basics({ metadata }: { metadata: StoryMetadata }) {
  const basics = metadata.basics;
  if (!basics || (basics.key_value_blocks.length === 0 && basics.list_blocks.length === 0)) return null;
  return (
    <div className={styles.basics}>
      {basics.key_value_blocks.length > 0 && (
        <dl className={styles.facts}>
          {basics.key_value_blocks.map((fact, i) => (
            <div key={i}>
              <dt>{fact.key}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {basics.list_blocks.map((list, i) => (
        <section key={i} aria-label={list.heading}>
          <h2 className={styles.basicsHeading}>{list.heading}</h2>
          <ul>
            {list.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A bar per page at the top of the frame, the current one bright; pressing one opens its page (the arrow keys are the keyboard's way). */
function Dots({ count, index, onPick }: { count: number; index: number; onPick: (index: number) => void }) {
  const { t } = useTranslation();
  return (
    <ol className={styles.dots}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <button
            type="button"
            className={styles.dot}
            aria-label={t('story.pageNumber', { number: i + 1 })}
            aria-current={i === index ? 'step' : undefined}
            tabIndex={-1}
            onClick={() => {
              onPick(i);
            }}
          />
        </li>
      ))}
    </ol>
  );
}

/**
 * A story pin on its closeup: its pages in a 9:16 frame, one at a time, with previous and next
 * buttons, a dot per page, and the arrow keys (Home and End too) while the player has focus.
 * Every page is in the server's HTML, so readers and search engines get all of its words.
 */
export function StoryViewer({ story, label, alt }: Props) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const count = story.pages.length;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = pageForKey(event.key, index, count, rtl);
    if (next === null) return;
    event.preventDefault();
    setIndex(next);
  };

  return (
    <div className={styles.viewer}>
      <section className={styles.player} aria-roledescription={t('story.label')} aria-label={label} tabIndex={0} onKeyDown={onKeyDown}>
        <div className={styles.stage}>
          <button
            type="button"
            className={`${styles.turn} ${styles.previous}`}
            aria-label={t('story.previous')}
            disabled={index === 0}
            onClick={() => {
              setIndex(index - 1);
            }}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className={styles.frame}>
            {story.pages.map((page, i) => (
              <div key={i} className={styles.slot} hidden={i !== index} aria-label={t('story.pageNumber', { number: i + 1 })} role="group">
                <StoryPage view={pageViewOf(page)} active={i === index} alt={alt} />
              </div>
            ))}
            <Dots count={count} index={index} onPick={setIndex} />
          </div>
          <button
            type="button"
            className={`${styles.turn} ${styles.next}`}
            aria-label={t('story.next')}
            disabled={index === count - 1}
            onClick={() => {
              setIndex(index + 1);
            }}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <p className={styles.position} aria-live="polite">
          {t('story.pageOf', { number: index + 1, total: count })}
        </p>
      </section>
      <Basics metadata={story.metadata} />
    </div>
  );
}
