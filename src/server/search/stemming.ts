import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as bulgarian } from '@orama/stemmers/bulgarian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';
import { STOP_WORDS } from './search-text.ts';

/**
 * Stemming for the pins index, done here rather than by either database so that SQLite and
 * PostgreSQL index and look for the same words (docs/decisions/0026-search-stemming-and-scale.md).
 *
 * A pin's words are stemmed in its language (its creator's locale). A query cannot know which
 * language the pins it should find are in, so each of its words is looked for as typed and as its
 * stem in every language whose stems a document may hold alone: the main locales and the stemmers
 * that change only words of their own script. Pins in the other stemmed languages also hold their
 * English stems, so anyone finds them by the words they hold, and their own speakers by any form.
 */
const STEMMERS = {
  en: english,
  es: spanish,
  fr: french,
  de: german,
  pt: portuguese,
  it: italian,
  ru: russian,
  uk: ukrainian,
  bg: bulgarian,
  el: greek,
  ar: arabic,
  nl: dutch,
  sv: swedish,
  da: danish,
  nb: norwegian,
  fi: finnish,
  hu: hungarian,
  ro: romanian,
  tr: turkish,
  id: indonesian,
} as const satisfies Record<string, (word: string) => string>;

export type Language = keyof typeof STEMMERS;

/** Every query looks for these languages' stems: the main locales, and stemmers of other scripts (Latin words pass them unchanged). */
export const QUERY_LANGUAGES: readonly Language[] = ['en', 'es', 'fr', 'de', 'pt', 'it', 'ru', 'uk', 'bg', 'el', 'ar'];
/** Latin-script languages whose stems would make other languages' words meet too often (a query for "garden" finding "gard"): for their speakers only. */
const SPEAKERS_ONLY: ReadonlySet<Language> = new Set(['nl', 'sv', 'da', 'nb', 'fi', 'hu', 'ro', 'tr', 'id']);

/** Languages without a stemmer of their own are stemmed as English: their Latin-script loanwords are mostly English. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** The stemming language of a locale of spec section 9 ('pt_BR' → 'pt', 'ja' → the fallback). */
export function languageOfLocale(locale: string | null | undefined): Language {
  const code = (locale ?? '').toLowerCase().split(/[_-]/)[0] ?? '';
  return code in STEMMERS ? (code as Language) : FALLBACK_LANGUAGE;
}

/** Remembered stems per language: words follow Zipf's law, so a few thousand cover most of a text. */
const MEMO_MAX = 50_000;
const memo = new Map<Language, Map<string, string>>();

/**
 * A folded word's stem in `language`. The commonest English words are not stemmed, and a stem that
 * would be one of them (Italian "note" → "not", Hungarian "form" → "for") is not taken: such words
 * keep their own form, in documents and queries alike, rather than meeting nearly every pin.
 */
export function stem(language: Language, word: string): string {
  let stems = memo.get(language);
  if (!stems) memo.set(language, (stems = new Map<string, string>()));
  const known = stems.get(word);
  if (known !== undefined) return known;
  const stemmed = STOP_WORDS.has(word) ? word : STEMMERS[language](word);
  const result = stemmed === '' || STOP_WORDS.has(stemmed) ? word : stemmed;
  if (stems.size >= MEMO_MAX) stems.clear();
  stems.set(word, result);
  return result;
}

/** A document field of folded words, stemmed for a pin in `language` (and in English too, for a language looked for by its speakers only). */
export function stemField(field: string, language: Language): string {
  if (field === '') return '';
  const withEnglish = SPEAKERS_ONLY.has(language);
  const out: string[] = [];
  for (const word of field.split(' ')) {
    const own = stem(language, word);
    out.push(own);
    if (withEnglish) {
      const en = stem('en', word);
      if (en !== own) out.push(en);
    }
  }
  return out.join(' ');
}

/** The forms of a folded query word looked for: the word itself and its stems for `viewer` and every query language. */
export function queryForms(word: string, viewer: Language | null = null): string[] {
  const forms = new Set([word]);
  for (const language of QUERY_LANGUAGES) forms.add(stem(language, word));
  if (viewer !== null) forms.add(stem(viewer, word));
  return [...forms];
}
