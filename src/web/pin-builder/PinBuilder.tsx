import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { MediaPanel } from './MediaPanel.tsx';
import { PinForm } from './PinForm.tsx';
import { EMPTY_PIN_TEXTS, type PinTexts } from './PinTextFields.tsx';
import { useMediaUpload } from './useMediaUpload.ts';
import { WebsitePin } from './WebsitePin.tsx';
import styles from './PinBuilder.module.css';

type Tab = 'upload' | 'website' | 'story';
const TABS: Tab[] = ['upload', 'website', 'story'];
const TAB_LABELS: Record<Tab, string> = { upload: 'pinBuilder.tabUpload', website: 'pinBuilder.tabWebsite', story: 'pinBuilder.tabStory' };

// The story editor is larger than the rest of the builder: loaded when its tab is first opened.
const StoryPin = lazy(() => import('./StoryPin.tsx').then((m) => ({ default: m.StoryPin })));

function UploadPin() {
  const { state, choose, remove } = useMediaUpload();
  const [texts, setTexts] = useState<PinTexts>(EMPTY_PIN_TEXTS);
  const mediaId = state.phase !== 'empty' ? state.media?.id : undefined;
  return (
    <PinForm
      media={<MediaPanel state={state} onChoose={choose} onRemove={remove} />}
      source={mediaId ? { media_id: mediaId } : null}
      upload={state.phase === 'empty' ? null : state.phase}
      texts={texts}
      onTexts={setTexts}
    />
  );
}

/** The pin builder: a pin from an uploaded image or video, from a web page, or a story pin of pages. */
export function PinBuilder() {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<Tab>('upload');

  // Arrow keys move between tabs (the ARIA tabs pattern); the panel follows the focus.
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = (event.key === 'ArrowRight') !== rtl;
    const next = TABS[(TABS.indexOf(tab) + (forward ? 1 : TABS.length - 1)) % TABS.length] ?? 'upload';
    setTab(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('pinBuilder.heading')}</h1>
      <div role="tablist" aria-label={t('pinBuilder.sources')} className={styles.tabs} onKeyDown={onTabKey}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`${id}-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => {
              setTab(name);
            }}
          >
            {t(TAB_LABELS[name])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`} className={styles.panel}>
        {tab === 'upload' && <UploadPin />}
        {tab === 'website' && <WebsitePin />}
        {tab === 'story' && (
          <Suspense fallback={<Spinner label={t('overlay.loading')} />}>
            <StoryPin />
          </Suspense>
        )}
      </div>
    </div>
  );
}
