import { useId, useState } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import type { PinJson } from '../pins/types.ts';
import { cropSearchRequest, NOT_SHOPPING, type Shopping } from './visual-requests.ts';
import { VisualResultsView } from './VisualResultsView.tsx';
import { useCropSearch, visualSearches } from './visual-store.ts';
import styles from './visual.module.css';

/**
 * Under the closeup while its lens is open: the pins that look like the box drawn over the
 * picture, and for a product the Shop switch with its filters.
 */
export function VisualResults({ pin }: { pin: PinJson }) {
  const { t } = useTranslation();
  const headingId = useId();
  const search = useCropSearch(pin.id);
  const [filters, setFilters] = useState<Shopping>(NOT_SHOPPING);
  if (!search) return null;
  const isProduct = pin.rich_metadata?.product != null;
  const shopping: Shopping = { ...filters, on: search.shopping };
  const onShopping = (next: Shopping) => {
    setFilters(next);
    visualSearches.setCrop(pin.id, { ...search, shopping: next.on });
  };
  return (
    <section className={styles.results} aria-labelledby={headingId}>
      <div className={styles.resultsBar}>
        <h2 id={headingId} className={styles.heading}>
          {t('visual.heading')}
        </h2>
        <button
          type="button"
          className={styles.chip}
          onClick={() => {
            visualSearches.close(pin.id);
          }}
        >
          {t('visual.lensClose')}
        </button>
      </div>
      <VisualResultsView
        request={cropSearchRequest(pin.id, search.crop, shopping)}
        shopping={shopping}
        onShopping={isProduct ? onShopping : null}
        gridLabel={t('visual.gridLabel')}
      />
    </section>
  );
}
