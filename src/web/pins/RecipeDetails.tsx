import { htmlLang } from '../../shared/locale.ts';
import { cookTimes, type CookTime } from '../../shared/recipe.ts';
import type { RecipeData } from '../../shared/rich-metadata.ts';
import { useApp } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './PinDetails.module.css';

/** Hours and minutes in the reader's language, by the platform's own unit names (1 hr 30 min). */
function useCookTime(): (time: CookTime) => string {
  const { bootstrap } = useApp();
  const lang = htmlLang(bootstrap.locale);
  return (time) => {
    const unit = (unit: 'hour' | 'minute', value: number) => new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
    return [time.hours ? unit('hour', time.hours) : '', time.minutes ? unit('minute', time.minutes) : ''].filter(Boolean).join(' ');
  };
}

/** The recipe the pin's page published: its times, servings, rating and ingredients. */
export function RecipeDetails({ recipe }: { recipe: RecipeData }) {
  const { t } = useTranslation();
  const format = useCookTime();
  const times = cookTimes(recipe);
  const shown = (['total', 'prep', 'cook'] as const).flatMap((kind) => {
    const time = times[kind];
    return time ? [{ kind, label: t(`pin.${kind}Time`), value: format(time) }] : [];
  });
  return (
    <section className={styles.section} aria-labelledby="pin-recipe">
      <h2 id="pin-recipe" className={styles.heading}>
        {t('pin.recipe')}
      </h2>
      {(shown.length > 0 || recipe.yield) && (
        <dl className={styles.facts}>
          {shown.map((time) => (
            <div key={time.kind}>
              <dt>{time.label}</dt>
              <dd>{time.value}</dd>
            </div>
          ))}
          {recipe.yield && (
            <div>
              <dt>{t('pin.servings')}</dt>
              <dd>{recipe.yield}</dd>
            </div>
          )}
        </dl>
      )}
      {recipe.rating && (
        <p className={styles.rating}>
          {t('pin.rating', { value: recipe.rating.value.toFixed(1) })}
          {recipe.rating.count ? ` · ${t('pin.ratingCount', { count: recipe.rating.count })}` : ''}
        </p>
      )}
      {recipe.ingredients.length > 0 && (
        <>
          <h3 className={styles.subheading}>{t('pin.ingredients')}</h3>
          <ul className={styles.ingredients}>
            {recipe.ingredients.map((ingredient, index) => (
              <li key={index}>{ingredient}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
