import { useRef } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import type { PinJson } from '../pins/types.ts';
import { DEFAULT_CROP } from './crop-box.ts';
import { CropSelector } from './CropSelector.tsx';
import { useCropSearch, visualSearches } from './visual-store.ts';
import styles from './visual.module.css';

/**
 * The lens over a pin's picture on the closeup: a button that opens visual search with a box in
 * the middle of the picture, and the box while it is open. Products open shopping. The results
 * show under the closeup (VisualResults), which follows the same state.
 */
export function VisualLens({ pin }: { pin: PinJson }) {
  const { t } = useTranslation();
  const search = useCropSearch(pin.id);
  const button = useRef<HTMLButtonElement>(null);
  const open = search !== null;
  const toggle = () => {
    if (open) visualSearches.close(pin.id);
    else visualSearches.setCrop(pin.id, { crop: DEFAULT_CROP, shopping: pin.rich_metadata?.product != null });
  };
  return (
    <>
      {search && (
        <CropSelector
          crop={search.crop}
          onChange={(crop) => {
            visualSearches.setCrop(pin.id, { ...search, crop });
          }}
          onClose={() => {
            visualSearches.close(pin.id);
            // The box goes with the lens: the focus goes back to the button that opened it.
            button.current?.focus();
          }}
        />
      )}
      <button
        ref={button}
        type="button"
        className={styles.lens}
        aria-pressed={open}
        onClick={toggle}
        aria-label={open ? t('visual.lensClose') : t('visual.lens')}
        title={open ? t('visual.lensClose') : t('visual.lens')}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M4 4h5v2H6v3H4zm11 0h5v5h-2V6h-3zM4 15h2v3h3v2H4zm14 3v-3h2v5h-5v-2zM12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4z"
            fill="currentColor"
          />
        </svg>
      </button>
    </>
  );
}
