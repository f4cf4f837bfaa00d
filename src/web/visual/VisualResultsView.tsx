import { useId } from 'react';
import type { ResourceRequest } from '../../shared/resource-cache.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { PinGrid } from '../pins/PinGrid.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { ShoppingFilters } from './ShoppingFilters.tsx';
import { useVisualResults } from './useVisualResults.ts';
import type { Shopping } from './visual-requests.ts';
import styles from './visual.module.css';

type Props = {
  request: ResourceRequest;
  shopping: Shopping;
  /** Null when this search cannot shop (a pin that is no product). */
  onShopping: ((shopping: Shopping) => void) | null;
  gridLabel: string;
};

/** All Pins or Shop, as two toggle buttons. */
function ShopToggle({ shopping, onShopping }: { shopping: Shopping; onShopping: (shopping: Shopping) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.toggle} role="group" aria-label={t('visual.scopeLabel')}>
      <button
        type="button"
        className={styles.chip}
        aria-pressed={!shopping.on}
        onClick={() => {
          onShopping({ on: false, price: null, domain: null, categoryId: null });
        }}
      >
        {t('visual.all')}
      </button>
      <button
        type="button"
        className={styles.chip}
        aria-pressed={shopping.on}
        onClick={() => {
          onShopping({ ...shopping, on: true });
        }}
      >
        {t('visual.shop')}
      </button>
    </div>
  );
}

/** A visual search's results: the shopping switch and filters, then the pins in the masonry grid, paging as the reader scrolls. */
export function VisualResultsView({ request, shopping, onShopping, gridLabel }: Props) {
  const { t } = useTranslation();
  const statusId = useId();
  const { first, feed, failed, retry } = useVisualResults(request);
  return (
    <>
      {onShopping && <ShopToggle shopping={shopping} onShopping={onShopping} />}
      {onShopping && shopping.on && first.status === 'ready' && <ShoppingFilters offer={first.data} shopping={shopping} onChange={onShopping} />}
      <div id={statusId} role="status" className={styles.status}>
        {first.status === 'loading' && <Spinner label={t('route.loading')} />}
        {first.status === 'error' && <p>{t('visual.failed')}</p>}
        {first.status === 'ready' && feed.items.length === 0 && <p>{t('visual.noResults')}</p>}
      </div>
      {feed.items.length > 0 && <PinGrid feed={feed} label={gridLabel} />}
      {failed && (
        <p className={styles.status} role="alert">
          {t('search.moreFailed')}{' '}
          <button type="button" className={styles.chip} onClick={retry}>
            {t('tokens.retry')}
          </button>
        </p>
      )}
    </>
  );
}
