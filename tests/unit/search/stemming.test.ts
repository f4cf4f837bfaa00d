import { describe, expect, it } from 'vitest';
import { languageOfLocale, queryForms, QUERY_LANGUAGES, stem, stemField } from '../../../src/server/search/stemming.ts';
import { tokenize } from '../../../src/server/search/search-text.ts';

/** What a pin in `language` holds for `text`, as the index stores it. */
const indexed = (text: string, language: Parameters<typeof stemField>[1]) => new Set(stemField(tokenize(text).join(' '), language).split(' '));
/** Whether a query finds a pin holding `text`: every query word has a form the document holds. */
const finds = (query: string, text: string, language: Parameters<typeof stemField>[1], viewer: Parameters<typeof queryForms>[1] = null) => {
  const doc = indexed(text, language);
  return tokenize(query).every((word) => queryForms(word, viewer).some((form) => doc.has(form)));
};

describe('stemming for the main locales', () => {
  it('takes the language of a locale, and English for a locale without a stemmer', () => {
    expect(['en_US', 'fr', 'de', 'es_419', 'pt_BR', 'it', 'nl', 'ru_RU'].map(languageOfLocale)).toEqual(['en', 'fr', 'de', 'es', 'pt', 'it', 'nl', 'ru']);
    expect(['ja', 'zh_TW', 'he_IL', '', null].map(languageOfLocale)).toEqual(['en', 'en', 'en', 'en', 'en']);
  });

  it('finds a pin by another form of its words in its language, typed with or without accents', () => {
    expect(finds('gateau', 'Gâteaux au chocolat', 'fr')).toBe(true);
    expect(finds('cheval', 'Les chevaux de Camargue', 'fr')).toBe(true);
    expect(finds('haus', 'Häuser am See', 'de')).toBe(true);
    expect(finds('Kuchen rezept', 'Rezepte für Kuchen', 'de')).toBe(true);
    expect(finds('receta', 'Recetas fáciles', 'es')).toBe(true);
    expect(finds('receita', 'Receitas de bolo', 'pt')).toBe(true);
    expect(finds('ricetta', 'Ricette della nonna', 'it')).toBe(true);
    expect(finds('baking cake', 'Baked cakes', 'en')).toBe(true);
    expect(finds('кошка', 'Кошки и котята', 'ru')).toBe(true);
  });

  it('finds a pin by the very words it holds, whoever searches and whatever its language', () => {
    for (const [text, language] of [
      ['kitaplar', 'tr'],
      ['boeken', 'nl'],
      ['gâteaux', 'fr'],
      ['recetas', 'es'],
      ['ramen', 'en'],
      ['bánh mì', 'en'],
    ] as const) {
      expect(finds(text, text, language), `${text} (${language})`).toBe(true);
    }
  });

  it('stems the languages searched by their speakers only for them, and in English for everyone', () => {
    expect(finds('kitaplar', 'Bir kitap', 'tr', 'tr')).toBe(true);
    expect(finds('kitaplar', 'Bir kitap', 'tr')).toBe(false);
    expect(finds('kirjat', 'Uusi kirja', 'fi', 'fi')).toBe(true);
    expect(finds('kirjat', 'Uusi kirja', 'fi', 'fr')).toBe(false);
  });

  it('does not match what it should not', () => {
    expect(finds('gateau', 'Gâteaux au chocolat', 'en')).toBe(false);
    expect(finds('cheval', 'Chevalier', 'fr')).toBe(false);
    expect(finds('bread', 'Sourdough loaves', 'en')).toBe(false);
  });

  it('never stems the commonest English words, nor into one of them', () => {
    expect(stem('pt', 'their')).toBe('their');
    expect(stem('it', 'note')).toBe('note');
    expect(QUERY_LANGUAGES.flatMap((language) => queryForms('note', language))).not.toContain('not');
    expect(queryForms('their')).toEqual(['their']);
  });

  it('looks for each query word as typed and by its distinct stems', () => {
    expect(queryForms('chocolate')).toEqual(['chocolate', 'chocol', 'chocolat']);
    expect(queryForms('chocolate', 'nl')).toEqual(['chocolate', 'chocol', 'chocolat']);
    expect(queryForms('boeken', 'nl')).toEqual(['boeken', 'boek']);
  });
});
