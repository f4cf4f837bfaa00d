import { htmlLang } from '../../shared/locale.ts';
import { useApp } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import type { PriceRange, VisualSearchAnswer } from '../../shared/contracts/visual.ts';
import type { Shopping } from './visual-requests.ts';
import styles from './visual.module.css';

function formatAmount(amount: number, currency: string | null, lang: string): string {
  try {
    return currency
      ? new Intl.NumberFormat(lang, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount)
      : new Intl.NumberFormat(lang).format(amount);
  } catch {
    return String(amount);
  }
}

const sameRange = (a: PriceRange | null, b: PriceRange) => a !== null && a.price_min === b.price_min && a.price_max === b.price_max;

/** A row of toggle chips: one choice at a time, choosing it again clears it. */
function Chips<T>({
  legend,
  items,
  label,
  keyOf,
  chosen,
  choose,
}: {
  legend: string;
  items: readonly T[];
  label: (item: T) => string;
  keyOf: (item: T) => string;
  chosen: (item: T) => boolean;
  choose: (item: T | null) => void;
}) {
  if (items.length === 0) return null;
  return (
    <fieldset className={styles.chips}>
      <legend className={styles.legend}>{legend}</legend>
      {items.map((item) => {
        const on = chosen(item);
        return (
          <button
            key={keyOf(item)}
            type="button"
            className={styles.chip}
            aria-pressed={on}
            onClick={() => {
              choose(on ? null : item);
            }}
          >
            {label(item)}
          </button>
        );
      })}
    </fieldset>
  );
}

/** Price ranges, shops and categories offered with a shopping search (price_filters, domain_filters, category_filters). */
export function ShoppingFilters({ offer, shopping, onChange }: { offer: VisualSearchAnswer; shopping: Shopping; onChange: (shopping: Shopping) => void }) {
  const { t } = useTranslation();
  const lang = htmlLang(useApp().bootstrap.locale);
  const prices = offer.price_filters;
  const applied = shopping.price !== null || shopping.domain !== null || shopping.categoryId !== null;
  return (
    <div className={styles.filters} role="group" aria-label={t('search.filtersLabel')}>
      <Chips
        legend={t('search.price')}
        items={prices?.ranges ?? []}
        keyOf={(r) => `${r.price_min}-${r.price_max}`}
        label={(r) => `${formatAmount(r.price_min, prices?.currency ?? null, lang)}–${formatAmount(r.price_max, prices?.currency ?? null, lang)}`}
        chosen={(r) => sameRange(shopping.price, r)}
        choose={(r) => {
          onChange({ ...shopping, price: r });
        }}
      />
      <Chips
        legend={t('search.merchants')}
        items={offer.domain_filters}
        keyOf={(d) => d.domain}
        label={(d) => d.domain}
        chosen={(d) => shopping.domain === d.domain}
        choose={(d) => {
          onChange({ ...shopping, domain: d?.domain ?? null });
        }}
      />
      <Chips
        legend={t('visual.categories')}
        items={offer.category_filters}
        keyOf={(c) => c.id}
        label={(c) => c.name}
        chosen={(c) => shopping.categoryId === c.id}
        choose={(c) => {
          onChange({ ...shopping, categoryId: c?.id ?? null });
        }}
      />
      {applied && (
        <button
          type="button"
          className={styles.clear}
          onClick={() => {
            onChange({ ...shopping, price: null, domain: null, categoryId: null });
          }}
        >
          {t('search.clearFilters')}
        </button>
      )}
    </div>
  );
}
