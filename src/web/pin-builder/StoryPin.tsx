import { useCallback, useRef, useState } from 'react';
import type { UploadStatus } from '../../shared/pin-draft.ts';
import {
  addStoryPage,
  addStoryText,
  changeStoryPage,
  changeStoryText,
  moveStoryPage,
  newStoryDraft,
  newStoryText,
  removeStoryPage,
  removeStoryText,
  storyCoverPage,
  storyDraftInput,
  storyDraftProblem,
  storyUploadStatus,
  type StoryDraft,
} from '../../shared/story-pin-draft.ts';
import { StoryPinInput } from '../../shared/story-pin.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { ChoiceSelect } from '../ui/ChoiceSelect.tsx';
import { PinForm } from './PinForm.tsx';
import { EMPTY_PIN_TEXTS, type PinTexts } from './PinTextFields.tsx';
import { StoryPageEditor, type PageEvents } from './StoryPageEditor.tsx';
import { StoryPages } from './StoryPages.tsx';
import type { PinSource } from './usePublishPin.ts';
import styles from './StoryBuilder.module.css';

const PROBLEM_KEYS = { emptyPage: 'pinBuilder.storyEmptyPage', noCover: 'pinBuilder.storyNoCover' } as const;

/** What Publish sends: the cover's media and the pages, once every page has something and the schema takes them. */
function sourceOf(draft: StoryDraft): PinSource | null {
  const cover = storyCoverPage(draft)?.media;
  const story = storyDraftInput(draft);
  if (storyDraftProblem(draft) !== null || !cover || !StoryPinInput.safeParse(story).success) return null;
  return { media_id: cover.id, story_pin_data: story };
}

/** The pin builder's story pin: pages on the left with their preview, the pin's fields, board and Publish on the right. */
export function StoryPin() {
  const { t } = useTranslation();
  const counter = useRef(1);
  const nextKey = () => `k${String(++counter.current)}`;
  const [draft, setDraft] = useState<StoryDraft>(() => newStoryDraft('k1'));
  const [uploads, setUploads] = useState<Record<string, UploadStatus | null>>({});
  const [texts, setTexts] = useState<PinTexts>(EMPTY_PIN_TEXTS);

  const events: PageEvents = {
    onChange: useCallback((key, change) => {
      setDraft((d) => changeStoryPage(d, key, change));
    }, []),
    onAddText: useCallback((key, type) => {
      setDraft((d) => addStoryText(d, key, newStoryText(`k${String(++counter.current)}`, type)));
    }, []),
    onText: useCallback((key, textKey, change) => {
      setDraft((d) => changeStoryText(d, key, textKey, change));
    }, []),
    onRemoveText: useCallback((key, textKey) => {
      setDraft((d) => removeStoryText(d, key, textKey));
    }, []),
    onUpload: useCallback((key, status) => {
      setUploads((u) => ({ ...u, [key]: status }));
    }, []),
  };

  const problem = storyDraftProblem(draft);
  const withMedia = draft.pages.filter((p) => p.media !== null);
  const statuses = draft.pages.flatMap((p) => uploads[p.key] ?? []);
  const covers = withMedia.map((p) => ({ value: p.key, label: t('story.pageNumber', { number: draft.pages.indexOf(p) + 1 }) }));

  const editor = (
    <div className={styles.story}>
      <StoryPages
        draft={draft}
        onSelect={(key) => {
          setDraft((d) => ({ ...d, selected: key }));
        }}
        onAdd={() => {
          setDraft((d) => addStoryPage(d, nextKey()));
        }}
        onMove={(key, offset) => {
          setDraft((d) => moveStoryPage(d, key, offset));
        }}
        onRemove={(key) => {
          setDraft((d) => removeStoryPage(d, key));
        }}
      />
      {draft.pages.map((page, i) => (
        <StoryPageEditor key={page.key} page={page} number={i + 1} hidden={page.key !== draft.selected} {...events} />
      ))}
      {covers.length > 0 && (
        <ChoiceSelect<string>
          label={t('pinBuilder.storyCover')}
          value={storyCoverPage(draft)?.key ?? ''}
          choices={covers}
          onChange={(key) => {
            setDraft((d) => ({ ...d, cover: key }));
          }}
        />
      )}
      {problem && <p className={styles.hint}>{t(PROBLEM_KEYS[problem])}</p>}
    </div>
  );
  return <PinForm media={editor} source={sourceOf(draft)} upload={storyUploadStatus(statuses)} texts={texts} onTexts={setTexts} />;
}
