import { foldText } from './search-text.ts';

/**
 * Which searches offer the skin tone ranges: those about beauty or fashion, as Pinterest offers
 * them (docs/decisions/0028-skin-tone-filters.md). A search is about beauty or fashion when one of
 * its words is a beauty or fashion word, or when most of its best results are: their own words
 * (title, description, alt text; not the names of the boards they sit on) hold such a word. The second rule catches what the words alone do not say
 * ("rosy glow", "summer looks") from what the search finds. A range already chosen keeps the row,
 * so it can be cleared.
 */

/** How many of the best results are read, and how many of them must be about beauty or fashion. */
export const RESULTS_READ = 25;
export const RESULTS_MIN = 5;

/**
 * Beauty and fashion words, folded as the index folds words (search-text.ts): English and the main
 * locales' words for make-up, skin, hair, nails, clothes and fashion (Chinese by its character for
 * make-up: the index keeps Han characters as words of their own). Words that are as often about
 * something else (foundation, style, coat, look) are left out: a search shows the row from its
 * results when it is really about them.
 */
const WORDS = [
  // English: beauty
  'beauty',
  'makeup',
  'makeover',
  'cosmetic',
  'glam',
  'lipstick',
  'lip',
  'lipgloss',
  'gloss',
  'mascara',
  'eyeliner',
  'eyeshadow',
  'eyebrow',
  'brow',
  'lash',
  'eyelash',
  'blush',
  'bronzer',
  'concealer',
  'contour',
  'skincare',
  'skin',
  'complexion',
  'freckle',
  'facial',
  'moisturizer',
  'moisturiser',
  'manicure',
  'pedicure',
  'nail',
  'hair',
  'hairstyle',
  'haircut',
  'hairdo',
  'braid',
  'cornrow',
  'curl',
  'updo',
  'balayage',
  // English: fashion
  'fashion',
  'outfit',
  'ootd',
  'dress',
  'gown',
  'wardrobe',
  'streetwear',
  'lookbook',
  'clothing',
  'clothes',
  'apparel',
  'blazer',
  'skirt',
  'jeans',
  'jumpsuit',
  'swimsuit',
  'bikini',
  'sweater',
  'shirt',
  'menswear',
  'womenswear',
  'earring',
  'necklace',
  'jewelry',
  'jewellery',
  // Other locales
  'maquillage',
  'maquillaje',
  'maquiagem',
  'trucco',
  'schminke',
  'makijaz',
  'beaute',
  'belleza',
  'bellezza',
  'beleza',
  'schonheit',
  'cabello',
  'cabelo',
  'cheveux',
  'capelli',
  'haare',
  'haar',
  'frisur',
  'coiffure',
  'peinado',
  'penteado',
  'acconciatura',
  'unas',
  'ongles',
  'unhas',
  'unghie',
  'nagel',
  'moda',
  'mode',
  'vestido',
  'robe',
  'kleid',
  'abito',
  'jurk',
  'макияж',
  'мода',
  'прическа',
  'платье',
  '妆',
  '메이크업',
  '뷰티',
  '패션',
];
const VOCABULARY: ReadonlySet<string> = new Set(WORDS.map(foldText));

/** A word or its plural (nails, dresses) in the vocabulary. */
export function isBeautyOrFashionWord(word: string): boolean {
  if (VOCABULARY.has(word)) return true;
  if (word.endsWith('es') && VOCABULARY.has(word.slice(0, -2))) return true;
  return word.endsWith('s') && VOCABULARY.has(word.slice(0, -1));
}

export type SkinToneQuery = {
  /** The words searched (after any spelling correction). */
  words: readonly string[];
  /** The folded own words of the best results the viewer may see, best first (skin-tone-filter.ts). */
  resultTerms: readonly string[];
  /** A range is already chosen. */
  narrowed: boolean;
};

export function showsSkinToneFilters(query: SkinToneQuery): boolean {
  if (query.narrowed || query.words.some(isBeautyOrFashionWord)) return true;
  const read = query.resultTerms.slice(0, RESULTS_READ);
  const about = read.filter((terms) => terms.split(' ').some(isBeautyOrFashionWord)).length;
  return about >= RESULTS_MIN && about * 2 >= read.length;
}
