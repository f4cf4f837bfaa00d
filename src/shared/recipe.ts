import type { RecipeData } from './rich-metadata.ts';

/** A cook time of the spec's recipe (cookTimes: total, cook, prep, each in hours and minutes). */
export type CookTime = { hours: number; minutes: number };

/**
 * An ISO 8601 duration as recipe pages write it (PT1H30M, PT90M, P0DT45M) in hours and minutes;
 * null when it is not one or is zero. Seconds round up to the next minute, days become hours.
 */
export function parseCookTime(iso: string | null): CookTime | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(iso?.trim() ?? '');
  if (!match) return null;
  const [days, hours, minutes, seconds] = match.slice(1).map((n: string | undefined) => Number(n ?? 0)) as [number, number, number, number];
  const total = days * 1440 + hours * 60 + minutes + Math.ceil(seconds / 60);
  return total > 0 ? { hours: Math.floor(total / 60), minutes: total % 60 } : null;
}

export type CookTimes = { total: CookTime | null; prep: CookTime | null; cook: CookTime | null };

/** The three times; a missing total is the sum of prep and cook when both are known. */
export function cookTimes(recipe: Pick<RecipeData, 'prep_time' | 'cook_time' | 'total_time'>): CookTimes {
  const prep = parseCookTime(recipe.prep_time);
  const cook = parseCookTime(recipe.cook_time);
  const given = parseCookTime(recipe.total_time);
  const sum = prep && cook ? prep.hours * 60 + prep.minutes + cook.hours * 60 + cook.minutes : 0;
  const total = given ?? (sum > 0 ? { hours: Math.floor(sum / 60), minutes: sum % 60 } : null);
  return { total, prep, cook };
}

/** The aisles a shopper walks, in the order a closeup lists them; "other" takes what matches nothing. */
export const INGREDIENT_CATEGORIES = ['produce', 'dairy_eggs', 'meat_fish', 'pantry', 'spices', 'bakery', 'other'] as const;
export type IngredientCategory = (typeof INGREDIENT_CATEGORIES)[number];
export type IngredientGroup = { category: IngredientCategory; ingredients: string[] };

/**
 * English keywords of each aisle. A line goes to the aisle of its longest matching phrase, so
 * "peanut butter" is pantry though "butter" is dairy, and "garlic powder" is a spice though
 * "garlic" is produce; between phrases of one length the first in the line wins.
 */
const KEYWORDS: Readonly<Record<Exclude<IngredientCategory, 'other'>, string>> = {
  produce: `apple, apricot, artichoke, arugula, rocket, asparagus, avocado, banana, basil, bean sprout, beet, beetroot, bell pepper,
    red pepper, green pepper, yellow pepper, peppers, berry, blackberry, blueberry, bok choy, broccoli, brussels sprout, butternut squash,
    cabbage, carrot, cauliflower, celery, chard, cherry, chili, chilli, chile, chili pepper, chive, cilantro, fresh coriander, coriander leaves,
    clementine, corn, sweetcorn, cranberry, cucumber, dill, eggplant, aubergine, endive, fennel, fig, garlic, garlic clove, clove of garlic,
    ginger, ginger root, fresh ginger, grape, grapefruit, green bean, herbs, jalapeño, jalapeno, kale, kiwi, leek, lemon, lemon juice,
    lemon zest, lettuce, lime, lime juice, mango, melon, mint, mushroom, nectarine, okra, onion, orange, parsley, parsnip, pea, peach, pear,
    pineapple, plum, pomegranate, potato, pumpkin, radish, raspberry, rhubarb, rosemary, sage, tarragon, scallion, shallot, spinach,
    spring onion, green onion, squash, strawberry, sweet potato, thyme, tomato, cherry tomato, turnip, watercress, zucchini, courgette,
    lemongrass, fresh oregano, salad, sprout`,
  dairy_eggs: `butter, buttermilk, cheese, cheddar, parmesan, parmigiano, mozzarella, ricotta, feta, gruyère, gruyere, mascarpone, cream,
    heavy cream, double cream, single cream, sour cream, whipping cream, cream cheese, crème fraîche, creme fraiche, milk, whole milk, yogurt,
    yoghurt, egg, egg yolk, egg white, ghee, half and half, goat cheese, brie, ice cream, quark, kefir, paneer, halloumi, pecorino, gouda,
    emmental, cottage cheese, custard`,
  meat_fish: `beef, pork, chicken, chicken breast, chicken thigh, lamb, veal, turkey, duck, bacon, ham, sausage, chorizo, prosciutto,
    pancetta, salami, pepperoni, mince, steak, fish, salmon, tuna, cod, haddock, halibut, trout, sardine, anchovy, anchovies, mackerel,
    shrimp, prawn, scallop, crab, lobster, mussel, clam, oyster, squid, calamari, octopus, tilapia, sea bass, venison, rabbit, goose,
    meatball, hot dog`,
  pantry: `flour, bread flour, almond flour, cornflour, corn flour, cornmeal, cornstarch, corn starch, sugar, honey, maple syrup, syrup,
    molasses, oil, olive oil, vinegar, cider vinegar, balsamic, soy sauce, fish sauce, oyster sauce, hot sauce, chili sauce, worcestershire,
    ketchup, mustard, mayonnaise, mayo, rice, basmati, arborio, pasta, spaghetti, penne, fusilli, linguine, fettuccine, macaroni, lasagna,
    lasagne, orzo, noodle, egg noodle, ramen, udon, gnocchi, couscous, quinoa, oat, barley, lentil, chickpea, bean, black bean, kidney bean,
    cannellini, stock, broth, chicken stock, chicken broth, beef stock, beef broth, vegetable stock, vegetable broth, fish stock, bouillon,
    chicken bouillon, tomato paste, tomato sauce, tomato puree, tomato purée, passata, canned tomato, tinned tomato, chopped tomato, can of tomato, crushed tomato, sun dried tomato,
    coconut, coconut milk, coconut cream, coconut oil, peanut butter, almond butter, jam, almond, walnut, pecan, hazelnut, cashew, pistachio,
    peanut, pine nut, macadamia, nut, sesame seed, chia seed, flaxseed, pumpkin seed, sunflower seed, raisin, sultana, prune, dried fruit,
    dried cranberry, dried apricot, chocolate, dark chocolate, milk chocolate, chocolate chip, cocoa, baking powder, baking soda,
    bicarbonate of soda, yeast, gelatin, gelatine, vanilla, vanilla extract, almond extract, lemon extract, lemon curd, breadcrumb,
    bread crumb, panko, cracker, graham cracker, tahini, miso, caper, olive, condensed milk, evaporated milk, almond milk, oat milk,
    soy milk, rice milk, cream of tartar, wine, white wine, red wine, beer, pumpkin puree, pumpkin purée, sprinkles, marshmallow`,
  spices: `salt, sea salt, kosher salt, pepper, black pepper, white pepper, peppercorn, cayenne, paprika, cumin, coriander,
    ground coriander, turmeric, cinnamon, nutmeg, clove, cardamom, allspice, ground ginger, garlic powder, onion powder, chili powder,
    chilli powder, chili flakes, chilli flakes, red pepper flakes, curry powder, garam masala, oregano, dried thyme, dried basil,
    dried parsley, dried oregano, dried rosemary, dried dill, dried sage, dried mint, bay leaf, bay leaves, star anise, saffron, fennel seed,
    mustard seed, mustard powder, dry mustard, cumin seed, vanilla bean, za'atar, zaatar, sumac, five spice, italian seasoning, seasoning,
    herbes de provence, mixed spice, pumpkin spice, spice`,
  bakery: `bread, baguette, bun, hamburger bun, hot dog bun, pita, naan, croissant, brioche, sourdough, ciabatta, focaccia, bagel,
    english muffin, tortilla, corn tortilla, flatbread, pastry, puff pastry, shortcrust pastry, filo, phyllo, pie crust, pizza dough,
    pizza base, ladyfinger, savoiardi, crumpet, toast`,
};

/** Words whose plural names something else than their singular ("peppers" are vegetables, "pepper" a spice). */
const OWN_PLURALS = new Set(['peppers']);

/** A crude English singular, applied alike to lines and keywords, so only consistency matters. */
function singular(word: string): string {
  if (word.length <= 3 || OWN_PLURALS.has(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:oes|ches|shes|xes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}']+/u)
    .filter(Boolean)
    .map(singular);
}

type Phrase = { words: string[]; category: IngredientCategory };

/** Phrases by their first word, so a line is matched word by word rather than phrase by phrase. */
const PHRASES: ReadonlyMap<string, Phrase[]> = (() => {
  const byFirst = new Map<string, Phrase[]>();
  for (const [category, list] of Object.entries(KEYWORDS) as [IngredientCategory, string][]) {
    for (const keyword of list.split(',')) {
      const phrase = { words: words(keyword), category };
      const head = phrase.words[0];
      if (head) byFirst.set(head, [...(byFirst.get(head) ?? []), phrase]);
    }
  }
  return byFirst;
})();

/** The aisle of one ingredient line by the English keyword table; "other" when nothing matches. */
export function ingredientCategory(line: string): IngredientCategory {
  const tokens = words(line);
  let best: Phrase | null = null;
  for (let start = 0; start < tokens.length; start++) {
    for (const phrase of PHRASES.get(tokens[start] ?? '') ?? []) {
      const fits = phrase.words.every((word, i) => tokens[start + i] === word);
      if (fits && phrase.words.length > (best?.words.length ?? 0)) best = phrase;
    }
  }
  return best?.category ?? 'other';
}

/**
 * The ingredients grouped by aisle, in the page's order within each. A list where fewer than half
 * the lines match is taken for another language than the keyword table's and stays one list.
 */
export function ingredientGroups(lines: readonly string[]): IngredientGroup[] {
  if (lines.length === 0) return [];
  const categories = lines.map(ingredientCategory);
  const matched = categories.filter((c) => c !== 'other').length;
  if (matched * 2 < lines.length) return [{ category: 'other', ingredients: [...lines] }];
  return INGREDIENT_CATEGORIES.map((category) => ({ category, ingredients: lines.filter((_, i) => categories[i] === category) })).filter(
    (group) => group.ingredients.length > 0,
  );
}
