import { useId, type ChangeEvent, type SyntheticEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import { hasProductFilters, readSearchState, searchPath, type SearchState } from './search-url.ts';
import styles from './search.module.css';

/** The form's fields as the query string they stand for. */
function formQuery(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
  return params.toString();
}

/**
 * Price range, in stock and merchant filters of the products tab. A plain GET form with the page's
 * own parameter names, so it works before the script runs; once it runs, applying navigates with
 * the router, and each choice is a history entry (back undoes it).
 */
export function ProductFilterForm({ state, domains }: { state: SearchState; domains: readonly string[] }) {
  const { t } = useTranslation();
  const { navigate } = useRouter();
  const id = useId();
  const { price_min, price_max, in_stock } = state.filters;
  const chosen = new Set(state.filters.domains ?? []);
  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = readSearchState('buyable_pins', formQuery(event.currentTarget));
    if (next) navigate(searchPath(next));
  };
  const submit = (event: ChangeEvent<HTMLInputElement>) => {
    event.currentTarget.form?.requestSubmit();
  };
  return (
    // Keyed by the filters, so back and forward show the fields of the page they land on.
    <form key={searchPath(state)} className={styles.filters} action="/search/buyable_pins/" method="get" onSubmit={apply} aria-label={t('search.filtersLabel')}>
      <input type="hidden" name="q" value={state.query} />
      {state.exact && <input type="hidden" name="auto_correction_disabled" value="true" />}
      {state.skinTone && <input type="hidden" name="skin_tone" value={state.skinTone} />}
      <fieldset className={styles.price}>
        <legend className={styles.legend}>{t('search.price')}</legend>
        <label htmlFor={`${id}-min`} className={styles.priceLabel}>
          {t('search.priceMin')}
        </label>
        <input
          id={`${id}-min`}
          name="price_min"
          type="number"
          min="0"
          step="any"
          inputMode="decimal"
          defaultValue={price_min ?? ''}
          className={styles.priceInput}
        />
        <label htmlFor={`${id}-max`} className={styles.priceLabel}>
          {t('search.priceMax')}
        </label>
        <input
          id={`${id}-max`}
          name="price_max"
          type="number"
          min="0"
          step="any"
          inputMode="decimal"
          defaultValue={price_max ?? ''}
          className={styles.priceInput}
        />
        <button type="submit" className={styles.apply}>
          {t('search.applyFilters')}
        </button>
      </fieldset>
      <label className={styles.check}>
        <input type="checkbox" name="in_stock" value="true" defaultChecked={in_stock === true} onChange={submit} />
        {t('search.inStock')}
      </label>
      {domains.length > 0 && (
        <fieldset className={styles.domains}>
          <legend className={styles.legend}>{t('search.merchants')}</legend>
          {domains.map((domain) => (
            <label key={domain} className={styles.check}>
              <input type="checkbox" name="domain" value={domain} defaultChecked={chosen.has(domain)} onChange={submit} />
              {domain}
            </label>
          ))}
        </fieldset>
      )}
      {hasProductFilters(state.filters) && (
        <a href={searchPath({ ...state, filters: {} })} className={styles.clear}>
          {t('search.clearFilters')}
        </a>
      )}
    </form>
  );
}
