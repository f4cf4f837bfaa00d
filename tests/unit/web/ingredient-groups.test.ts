import { describe, expect, it } from 'vitest';
import { ingredientCategory, ingredientGroups } from '../../../src/shared/recipe.ts';

describe('recipe ingredients by aisle', () => {
  it('puts common English ingredient lines in the aisle a shopper expects', () => {
    const expected = {
      '4 lemons': 'produce',
      '2 red peppers, sliced': 'produce',
      '3 garlic cloves, minced': 'produce',
      '1 eggplant': 'produce',
      '200 g butter': 'dairy_eggs',
      '3 eggs': 'dairy_eggs',
      '1 cup crème fraîche': 'dairy_eggs',
      '4 chicken thighs': 'meat_fish',
      '400 g salmon fillets': 'meat_fish',
      '2 cups all-purpose flour': 'pantry',
      '1 can (400 ml) coconut milk': 'pantry',
      '1 tsp cream of tartar': 'pantry',
      '1/2 tsp salt': 'spices',
      '2 bay leaves': 'spices',
      '1 baguette': 'bakery',
      '1 cup water': 'other',
    };
    expect(Object.fromEntries(Object.keys(expected).map((line) => [line, ingredientCategory(line)]))).toEqual(expected);
  });

  it('lets the longest phrase win, so a word inside a longer name does not decide', () => {
    expect(ingredientCategory('2 tbsp peanut butter')).toBe('pantry');
    expect(ingredientCategory('1 tbsp garlic powder')).toBe('spices');
    expect(ingredientCategory('500 ml chicken stock')).toBe('pantry');
    expect(ingredientCategory('1 tsp red pepper flakes')).toBe('spices');
    expect(ingredientCategory('2 cups bread flour')).toBe('pantry');
    expect(ingredientCategory('1 tsp ground ginger')).toBe('spices');
    expect(ingredientCategory('2 cm fresh ginger, grated')).toBe('produce');
    expect(ingredientCategory('1 tsp dried thyme')).toBe('spices');
    expect(ingredientCategory('4 sprigs thyme')).toBe('produce');
  });

  it('matches whole words in singular and plural, in any case', () => {
    expect(ingredientCategory('EGGS')).toBe('dairy_eggs');
    expect(ingredientCategory('2 cherries')).toBe('produce');
    expect(ingredientCategory('3 potatoes')).toBe('produce');
    expect(ingredientCategory('2 peaches')).toBe('produce');
    // "eggplant" holds "egg", "buttermilk" and "butternut" hold "butter": words, not substrings, decide.
    expect(ingredientCategory('1 butternut squash')).toBe('produce');
    expect(ingredientCategory('1 cup buttermilk')).toBe('dairy_eggs');
    expect(ingredientCategory('')).toBe('other');
  });

  it('groups lines in aisle order, keeping the page’s order within an aisle and leaving out empty aisles', () => {
    const lines = ['3 eggs', '200 g flour', '4 lemons', '1 tsp salt', '100 ml milk', 'a splash of water', '2 limes'];
    expect(ingredientGroups(lines)).toEqual([
      { category: 'produce', ingredients: ['4 lemons', '2 limes'] },
      { category: 'dairy_eggs', ingredients: ['3 eggs', '100 ml milk'] },
      { category: 'pantry', ingredients: ['200 g flour'] },
      { category: 'spices', ingredients: ['1 tsp salt'] },
      { category: 'other', ingredients: ['a splash of water'] },
    ]);
  });

  it('keeps a list the English table cannot place (another language) as one list in the page’s order', () => {
    const french = ['4 citrons', '200 g de beurre', '3 œufs', '150 g de sucre', '1 orange'];
    expect(ingredientGroups(french)).toEqual([{ category: 'other', ingredients: french }]);
    expect(ingredientGroups([])).toEqual([]);
  });
});
