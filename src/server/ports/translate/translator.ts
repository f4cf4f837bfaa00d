/**
 * Machine translation of short user texts (comments). An instance without a translator answers
 * `available: false` and the client hides the translate button.
 */
export type Translator = {
  readonly available: boolean;
  /** The text in the target language (a language code such as 'en' or 'pt'); throws when it cannot. */
  translate(text: string, target: string): Promise<string>;
};

/** No translation service configured. */
export function createNoTranslator(): Translator {
  return {
    available: false,
    translate: () => Promise.reject(new Error('No translator is configured (TRANSLATE_URL).')),
  };
}
