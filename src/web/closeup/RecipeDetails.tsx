import { htmlLang } from '../../shared/locale.ts';
import { cookTimes, ingredientGroups, type CookTime, type IngredientCategory } from '../../shared/recipe.ts';
import type { RecipeData, RestrictedDiet } from '../../shared/rich-metadata.ts';
import { useApp } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './PinDetails.module.css';

const AISLE_TEXT: Readonly<Record<IngredientCategory, string>> = {
  produce: 'pin.aisleProduce',
  dairy_eggs: 'pin.aisleDairyEggs',
  meat_fish: 'pin.aisleMeatFish',
  pantry: 'pin.aislePantry',
  spices: 'pin.aisleSpices',
  bakery: 'pin.aisleBakery',
  other: 'pin.aisleOther',
};

const DIET_TEXT: Readonly<Record<RestrictedDiet, string>> = {
  DiabeticDiet: 'pin.dietDiabetic',
  GlutenFreeDiet: 'pin.dietGlutenFree',
  HalalDiet: 'pin.dietHalal',
  HinduDiet: 'pin.dietHindu',
  KosherDiet: 'pin.dietKosher',
  LowCalorieDiet: 'pin.dietLowCalorie',
  LowFatDiet: 'pin.dietLowFat',
  LowLactoseDiet: 'pin.dietLowLactose',
  LowSaltDiet: 'pin.dietLowSalt',
  VeganDiet: 'pin.dietVegan',
  VegetarianDiet: 'pin.dietVegetarian',
};

/** Hours and minutes in the reader's language, by the platform's own unit names (1 hr 30 min). */
function useCookTime(): (time: CookTime) => string {
  const { bootstrap } = useApp();
  const lang = htmlLang(bootstrap.locale);
  return (time) => {
    const unit = (unit: 'hour' | 'minute', value: number) => new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
    return [time.hours ? unit('hour', time.hours) : '', time.minutes ? unit('minute', time.minutes) : ''].filter(Boolean).join(' ');
  };
}

/** The recipe the pin's page published: its times, servings, rating, diets and ingredients. Everyone sees it. */
export function RecipeDetails({ recipe }: { recipe: RecipeData }) {
  const { t } = useTranslation();
  const format = useCookTime();
  const times = cookTimes(recipe);
  const shown = (['total', 'prep', 'cook'] as const).flatMap((kind) => {
    const time = times[kind];
    return time ? [{ kind, label: t(`pin.${kind}Time`), value: format(time) }] : [];
  });
  // Rows stored before diets were read have none.
  const diets = (recipe.diets ?? []).filter((diet) => Object.hasOwn(DIET_TEXT, diet));
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
      {diets.length > 0 && (
        <ul className={styles.diets} aria-label={t('pin.diets')}>
          {diets.map((diet) => (
            <li key={diet}>{t(DIET_TEXT[diet])}</li>
          ))}
        </ul>
      )}
      {recipe.ingredients.length > 0 && <Ingredients lines={recipe.ingredients} />}
    </section>
  );
}

/** Grouped by aisle; a list the keyword table cannot place (another language) stays one list without headings. */
function Ingredients({ lines }: { lines: readonly string[] }) {
  const { t } = useTranslation();
  const groups = ingredientGroups(lines);
  const grouped = !(groups.length === 1 && groups[0]?.category === 'other');
  return (
    <>
      <h3 className={styles.subheading}>{t('pin.ingredients')}</h3>
      {groups.map((group) => (
        <div key={group.category} className={styles.aisle}>
          {grouped && <h4 className={styles.aisleHeading}>{t(AISLE_TEXT[group.category])}</h4>}
          <ul className={styles.ingredients}>
            {group.ingredients.map((ingredient, index) => (
              <li key={index}>{ingredient}</li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
