import { z } from 'zod';
import type { User } from '../db/schema/accounts.ts';
import type { Board, Pin } from '../db/schema/boards-and-pins.ts';
import type { SearchBoardsTable, SearchPinsTable, SearchUsersTable } from '../db/schema/search.ts';
import { documentField, hashtagWords, isVocabularyWord, splitHashtags, STOP_WORDS, tokenize } from './search-text.ts';
import { stemField, type Language } from './stemming.ts';

/**
 * The search documents of boards, members and pins, made from their rows: the same words on both
 * databases. Used by the index (search-index.ts) and by migration 0006 for what existed before it.
 */

export function boardDocument(board: Pick<Board, 'id' | 'name' | 'description'>): SearchBoardsTable {
  return { board_id: board.id, name: documentField(board.name), description: documentField(board.description) };
}

/** Both the words of a username (jane_doe → jane, doe) and the username run together (janedoe). */
export function userDocument(user: Pick<User, 'id' | 'username' | 'first_name' | 'last_name'>): SearchUsersTable {
  const words = documentField(user.username);
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return { user_id: user.id, username: `${words} ${words.replaceAll(' ', '')}`.trim(), full_name: documentField(fullName) };
}

/**
 * What a pin's search document is made of, and the document made from it. Only public places
 * count: a secret board's (or its sections') name must not make a pin findable by anyone else.
 */
export type PinFacts = {
  pin: Pick<Pin, 'id' | 'title' | 'description' | 'domain' | 'kind' | 'is_unsafe' | 'deleted_at' | 'save_count' | 'created_at'>;
  /** The names of the public boards holding the pin and of their sections it is in. */
  publicPlaces: readonly string[];
  /** The schema.org data of the page it came from (pin_sources.rich_metadata). */
  richMetadata: string | null;
  /** A story pin's words (src/shared/story-pin.ts storyWords), searched as its description. */
  storyWords?: readonly string[];
  /** The language its words are stemmed in: its creator's (stemming.ts). */
  language: Language;
};

/** Words kept per pin for the vocabulary and guides. */
const TERMS_MAX = 300;
const INGREDIENTS_MAX = 40;

const Product = z.object({
  name: z.string().nullish(),
  brand: z.string().nullish(),
  price: z.string().nullish(),
  availability: z.string().nullish(),
});
const Recipe = z.object({ name: z.string().nullish(), ingredients: z.array(z.string()).nullish() });
const RichMetadata = z.object({ product: Product.nullish(), recipe: Recipe.nullish() });

type Rich = z.infer<typeof RichMetadata>;

function readRich(json: string | null): Rich {
  if (json === null) return {};
  try {
    const parsed = RichMetadata.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** schema.org availability without its URL prefix: in stock, not in stock, or not said. */
export function inStockOf(availability: string | null | undefined): 0 | 1 | null {
  if (!availability) return null;
  const value = availability.replace(/^https?:\/\/schema\.org\//i, '').toLowerCase();
  if (['instock', 'limitedavailability', 'onlineonly', 'instoreonly'].includes(value)) return 1;
  if (['outofstock', 'soldout', 'discontinued', 'preorder', 'presale', 'backorder'].includes(value)) return 0;
  return null;
}

/** A price as the page wrote it ("19.99", "1,299.00") as a number, or none. */
export function priceOf(price: string | null | undefined): number | null {
  if (!price) return null;
  const value = Number(price.replace(/[,\s]/g, ''));
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** The distinct words of a document worth a vocabulary entry. */
export function termsOf(fields: readonly string[]): string[] {
  const words = new Set<string>();
  for (const field of fields) {
    for (const word of field.split(' ')) {
      if (word !== '' && isVocabularyWord(word) && !STOP_WORDS.has(word)) words.add(word);
      if (words.size >= TERMS_MAX) return [...words];
    }
  }
  return [...words];
}

/**
 * The pin's document, or null when it has none (a deleted pin). Its text fields hold stems, which
 * the full-text index matches; `terms` the folded words themselves (the vocabulary shows them to
 * people), hashtags among them only split into their words (splitHashtags); the domain stays as
 * written, as the product filter compares it whole.
 */
export function pinDocument(facts: PinFacts, now: number): SearchPinsTable | null {
  const { pin } = facts;
  if (pin.deleted_at !== null) return null;
  const rich = readRich(facts.richMetadata);
  const productText = [rich.product?.name, rich.product?.brand, rich.recipe?.name, ...(rich.recipe?.ingredients ?? []).slice(0, INGREDIENTS_MAX)]
    .filter((s): s is string => typeof s === 'string')
    .join(' ');
  const title = documentField(pin.title);
  const descriptionText = [pin.description, ...(facts.storyWords ?? [])].join(' ');
  const description = documentField([descriptionText, hashtagWords(`${pin.title} ${descriptionText}`)].join(' '));
  const boards = documentField(facts.publicPlaces.join(' '));
  const product = documentField(productText);
  const domain = tokenize((pin.domain ?? '').replace(/^www\./, '')).join(' ');
  return {
    pin_id: pin.id,
    title: stemField(title, facts.language),
    description: stemField(description, facts.language),
    boards: stemField(boards, facts.language),
    product: stemField(product, facts.language),
    domain,
    terms: termsOf([documentField(splitHashtags(pin.title)), boards, product, documentField(splitHashtags(descriptionText))]).join(' '),
    is_public: facts.publicPlaces.length > 0 && pin.is_unsafe === 0 ? 1 : 0,
    is_video: pin.kind === 'video' ? 1 : 0,
    is_product: rich.product ? 1 : 0,
    price: priceOf(rich.product?.price),
    in_stock: inStockOf(rich.product?.availability),
    save_count: pin.save_count,
    created_at: pin.created_at,
    indexed_at: now,
  };
}

/** How each word's count of listed pins moves when a document changes (unlisted ones count nothing). */
export function termDeltas(
  changes: readonly { before: Pick<SearchPinsTable, 'terms' | 'is_public'> | null; after: Pick<SearchPinsTable, 'terms' | 'is_public'> | null }[],
): Map<string, number> {
  const deltas = new Map<string, number>();
  const add = (doc: Pick<SearchPinsTable, 'terms' | 'is_public'> | null, sign: number) => {
    if (!doc || doc.is_public !== 1 || doc.terms === '') return;
    for (const term of doc.terms.split(' ')) deltas.set(term, (deltas.get(term) ?? 0) + sign);
  };
  for (const { before, after } of changes) {
    add(before, -1);
    add(after, 1);
  }
  for (const [term, delta] of deltas) if (delta === 0) deltas.delete(term);
  return deltas;
}
