import type { KeyboardEvent } from 'react';
import { SKIN_TONE_RANGES, SKIN_TONE_SWATCHES, type SkinToneRange } from '../../shared/skin-tone.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { searchPath, type SearchState } from './search-url.ts';
import styles from './SkinToneFilters.module.css';

const LABELS: Record<SkinToneRange, string> = {
  light: 'search.skinToneLight',
  medium_light: 'search.skinToneMediumLight',
  medium_dark: 'search.skinToneMediumDark',
  dark: 'search.skinToneDark',
};

/** Arrow keys move among the swatches (wrapping), Home and End to the ends; Space chooses. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

function onKey(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key === ' ') {
    event.preventDefault();
    event.currentTarget.click();
    return;
  }
  const move = MOVES[event.key];
  if (!move) return;
  event.preventDefault();
  const swatches = [...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="radio"]') ?? [])];
  const index = swatches.indexOf(event.currentTarget);
  swatches[move(index, swatches.length)]?.focus();
}

/**
 * The skin tone ranges of a beauty or fashion search: four swatches, one chosen at most. Each is a
 * link to the same search narrowed to its range (to the whole search again when it is the chosen
 * one), so the choice is in the URL: shared, reloaded and rendered by the server alike, and usable
 * before the script runs. A radio group in the manner of a toolbar's: one tab stop, arrows move
 * between swatches, Space or Enter chooses (docs/decisions/0028-skin-tone-filters.md).
 */
export function SkinToneFilters({ state, hint }: { state: SearchState; hint: boolean }) {
  const { t } = useTranslation();
  const focusable = state.skinTone ?? SKIN_TONE_RANGES[0];
  return (
    <div className={styles.row}>
      <div role="radiogroup" aria-label={t('search.skinToneLabel')} className={styles.swatches}>
        {SKIN_TONE_RANGES.map((range) => {
          const chosen = state.skinTone === range;
          const label = t(LABELS[range]);
          return (
            <a
              key={range}
              href={searchPath({ ...state, skinTone: chosen ? undefined : range })}
              role="radio"
              aria-checked={chosen}
              aria-label={label}
              title={label}
              tabIndex={range === focusable ? 0 : -1}
              className={styles.swatch}
              style={{ backgroundColor: SKIN_TONE_SWATCHES[range] }}
              onKeyDown={onKey}
            />
          );
        })}
      </div>
      {hint && <p className={styles.hint}>{t('search.skinToneHint')}</p>}
    </div>
  );
}
