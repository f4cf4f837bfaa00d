import { useEffect, useId } from 'react';
import { PIN_BUILDER_IMAGE_TYPES, PIN_BUILDER_VIDEO_TYPES, type UploadStatus } from '../../shared/pin-draft.ts';
import { STORY_DRAFT_TEXTS_MAX, type StoryDraftMedia, type StoryDraftPage, type StoryDraftText } from '../../shared/story-pin-draft.ts';
import type { StoryLayout } from '../../shared/story-pin.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { ChoiceSelect } from '../ui/ChoiceSelect.tsx';
import { StoryPage } from '../story/StoryPage.tsx';
import type { StoryPageMedia } from '../story/story-view.ts';
import { StoryTextFields } from './StoryTextFields.tsx';
import { PROBLEM_KEYS, UploadStatusLine } from './MediaPanel.tsx';
import { useMediaUpload, type UploadState } from './useMediaUpload.ts';
import styles from './StoryBuilder.module.css';

const ACCEPT = [...PIN_BUILDER_IMAGE_TYPES, ...PIN_BUILDER_VIDEO_TYPES].join(',');

export type PageEvents = {
  onChange: (key: string, change: Partial<Pick<StoryDraftPage, 'background_color' | 'layout' | 'media'>>) => void;
  onAddText: (key: string, type: StoryDraftText['type']) => void;
  onText: (key: string, textKey: string, change: Partial<Omit<StoryDraftText, 'key'>>) => void;
  onRemoveText: (key: string, textKey: string) => void;
  onUpload: (key: string, status: UploadStatus | null) => void;
};

type Props = PageEvents & { page: StoryDraftPage; number: number; hidden: boolean };

/** The local file as the preview shows it, before the server has processed it. */
function previewOf(state: UploadState): StoryPageMedia | null {
  if (state.phase === 'empty') return null;
  return state.isVideo ? { kind: 'video', src: state.previewUrl, poster: null } : { kind: 'image', src: state.previewUrl };
}

/** The server's media once the upload is accepted (and did not fail), as the draft records it. */
function useReportedUpload(page: StoryDraftPage, state: UploadState, events: PageEvents): void {
  const { onChange, onUpload } = events;
  const phase = state.phase === 'empty' ? null : state.phase;
  const media = state.phase === 'empty' ? null : state.media;
  const id = media && media.status !== 'failed' ? media.id : null;
  const kind = media?.media_type ?? null;
  useEffect(() => {
    onUpload(page.key, phase);
  }, [onUpload, page.key, phase]);
  useEffect(() => {
    const reported: StoryDraftMedia | null = id && kind ? { id, kind } : null;
    onChange(page.key, { media: reported });
  }, [onChange, page.key, id, kind]);
}

/**
 * One page of the story being made: its 9:16 preview (the closeup's own page component), its
 * picture or video (uploaded while the member goes on), background colour, layout and texts.
 * It stays mounted while another page is shown, so its upload goes on.
 */
export function StoryPageEditor({ page, number, hidden, ...events }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { state, choose, remove } = useMediaUpload();
  useReportedUpload(page, state, events);
  const layouts = [
    { value: 'fill', label: t('pinBuilder.storyLayoutFill') },
    { value: 'fit', label: t('pinBuilder.storyLayoutFit') },
  ] as const;
  const written = page.texts.filter((text) => text.text.trim() !== '');
  const view = {
    background: page.background_color,
    layout: page.layout,
    media: previewOf(state),
    blocks: written.map(({ key: _key, ...text }) => ({ ...text, edits: null })),
  };
  return (
    <div className={styles.editor} hidden={hidden} role="group" aria-label={t('story.pageNumber', { number })}>
      <div className={styles.preview}>
        <StoryPage view={view} active={!hidden} alt="" sizes="240px" />
      </div>
      <div className={styles.settings}>
        {state.phase === 'empty' ? (
          <label className={styles.chooseFile}>
            {t('pinBuilder.chooseFile')}
            <input
              type="file"
              className={styles.fileInput}
              accept={ACCEPT}
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) choose(file);
                e.target.value = '';
              }}
            />
          </label>
        ) : (
          <>
            <UploadStatusLine state={state} />
            <button type="button" className={styles.small} onClick={remove}>
              {t('pinBuilder.removeMedia')}
            </button>
          </>
        )}
        <p id={`${id}-hint`} className={styles.hint}>
          {state.phase === 'empty' && state.problem ? t(PROBLEM_KEYS[state.problem]) : t('pinBuilder.fileHint')}
        </p>
        <div className={styles.pageOptions}>
          <label className={styles.colour}>
            <input
              type="color"
              value={page.background_color.toLowerCase()}
              onChange={(e) => {
                events.onChange(page.key, { background_color: e.target.value.toUpperCase() });
              }}
            />
            {t('pinBuilder.storyBackground')}
          </label>
          <ChoiceSelect<StoryLayout>
            label={t('pinBuilder.storyLayout')}
            value={page.layout}
            choices={layouts}
            onChange={(layout) => {
              events.onChange(page.key, { layout });
            }}
          />
        </div>
        {page.texts.map((text) => (
          <StoryTextFields
            key={text.key}
            text={text}
            onChange={(change) => {
              events.onText(page.key, text.key, change);
            }}
            onRemove={() => {
              events.onRemoveText(page.key, text.key);
            }}
          />
        ))}
        <div className={styles.row}>
          <button
            type="button"
            className={styles.small}
            disabled={page.texts.length >= STORY_DRAFT_TEXTS_MAX}
            onClick={() => {
              events.onAddText(page.key, 'heading');
            }}
          >
            {t('pinBuilder.storyAddHeading')}
          </button>
          <button
            type="button"
            className={styles.small}
            disabled={page.texts.length >= STORY_DRAFT_TEXTS_MAX}
            onClick={() => {
              events.onAddText(page.key, 'paragraph');
            }}
          >
            {t('pinBuilder.storyAddText')}
          </button>
        </div>
      </div>
    </div>
  );
}
