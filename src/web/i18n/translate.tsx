import type { i18n } from 'i18next';
import { createContext, useContext, type ReactNode } from 'react';

export type Translate = (key: string, values?: Record<string, unknown>) => string;

type Translation = { t: Translate; i18n: i18n };

const TranslationContext = createContext<Translation | null>(null);

const memos = new WeakMap<i18n, Translation>();

/**
 * The page's translate function. A page never changes language (a locale switch reloads), so a
 * plain context replaces react-i18next; texts without values are looked up once per instance,
 * since server rendering asks for the same keys on every request.
 */
export function translation(instance: i18n): Translation {
  let memo = memos.get(instance);
  if (!memo) {
    const plain = new Map<string, string>();
    // Page texts arrive after start-up; a key looked up before then must be looked up again.
    instance.store.on('added', () => {
      plain.clear();
    });
    const t: Translate = (key, values) => {
      if (values) return instance.t(key, values);
      let text = plain.get(key);
      if (text === undefined) {
        text = instance.t(key);
        plain.set(key, text);
      }
      return text;
    };
    memo = { t, i18n: instance };
    memos.set(instance, memo);
  }
  return memo;
}

export function TranslationProvider({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  return <TranslationContext.Provider value={translation(i18n)}>{children}</TranslationContext.Provider>;
}

export function useTranslation(): Translation {
  const value = useContext(TranslationContext);
  if (!value) throw new Error('useTranslation outside TranslationProvider');
  return value;
}
