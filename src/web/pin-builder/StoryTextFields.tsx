import { useId } from 'react';
import type { StoryDraftText } from '../../shared/story-pin-draft.ts';
import { STORY_LIMITS, STORY_TEXT_DEFAULTS, STORY_TEXT_SIZES, type StoryAlign, type StoryVertical } from '../../shared/story-pin.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { ChoiceSelect } from '../ui/ChoiceSelect.tsx';
import styles from './StoryBuilder.module.css';

type Props = {
  text: StoryDraftText;
  onChange: (change: Partial<Omit<StoryDraftText, 'key'>>) => void;
  onRemove: () => void;
};

type SizeName = keyof typeof STORY_TEXT_SIZES;

/** The spec's size names for a size in points (a size set by another client shows as the nearest). */
function sizeName(size: number): SizeName {
  const names = Object.keys(STORY_TEXT_SIZES) as SizeName[];
  return names.reduce((best, name) => (Math.abs(STORY_TEXT_SIZES[name] - size) < Math.abs(STORY_TEXT_SIZES[best] - size) ? name : best));
}

/** One heading or text of a page: its words, size, colour, highlight, alignment, band and case. */
export function StoryTextFields({ text, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const sizes = [
    { value: 'sm', label: t('pinBuilder.storySizeSm') },
    { value: 'md', label: t('pinBuilder.storySizeMd') },
    { value: 'lg', label: t('pinBuilder.storySizeLg') },
  ] as const;
  const aligns = [
    { value: 'left', label: t('pinBuilder.storyAlignLeft') },
    { value: 'center', label: t('pinBuilder.storyAlignCenter') },
  ] as const;
  const bands = [
    { value: 'top', label: t('pinBuilder.storyTop') },
    { value: 'center', label: t('pinBuilder.storyMiddle') },
    { value: 'bottom', label: t('pinBuilder.storyBottom') },
  ] as const;
  return (
    <div className={styles.textBlock} role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-words`} className={styles.textLabel}>
        {t(text.type === 'heading' ? 'pinBuilder.storyHeading' : 'pinBuilder.storyText')}
      </label>
      <textarea
        id={`${id}-words`}
        className={styles.words}
        value={text.text}
        maxLength={STORY_LIMITS.text}
        rows={text.type === 'heading' ? 1 : 3}
        onChange={(e) => {
          onChange({ text: e.target.value });
        }}
      />
      <div className={styles.textOptions}>
        <ChoiceSelect<SizeName>
          label={t('pinBuilder.storyTextSize')}
          value={sizeName(text.size)}
          choices={sizes}
          onChange={(name) => {
            onChange({ size: STORY_TEXT_SIZES[name] });
          }}
        />
        <ChoiceSelect<StoryAlign>
          label={t('pinBuilder.storyAlign')}
          value={text.align}
          choices={aligns}
          onChange={(align) => {
            onChange({ align });
          }}
        />
        <ChoiceSelect<StoryVertical>
          label={t('pinBuilder.storyPosition')}
          value={text.vertical}
          choices={bands}
          onChange={(vertical) => {
            onChange({ vertical });
          }}
        />
        <label className={styles.colour}>
          <input
            type="color"
            value={text.color.toLowerCase()}
            onChange={(e) => {
              onChange({ color: e.target.value.toUpperCase() });
            }}
          />
          {t('pinBuilder.storyTextColour')}
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={text.highlight !== null}
            onChange={(e) => {
              onChange({ highlight: e.target.checked ? STORY_TEXT_DEFAULTS.highlight : null });
            }}
          />
          {t('pinBuilder.storyHighlight')}
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={text.text_case === 'uppercase'}
            onChange={(e) => {
              onChange({ text_case: e.target.checked ? 'uppercase' : 'none' });
            }}
          />
          {t('pinBuilder.storyUppercase')}
        </label>
      </div>
      <button type="button" className={styles.small} onClick={onRemove}>
        {t('pinBuilder.storyRemoveText')}
      </button>
    </div>
  );
}
