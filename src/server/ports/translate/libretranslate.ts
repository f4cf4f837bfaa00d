import { z } from 'zod';
import type { Translator } from './translator.ts';

const TIMEOUT_MS = 5000;
const Answer = z.object({ translatedText: z.string() });

export type LibreTranslateSettings = { url: URL; apiKey: string | undefined };

/**
 * A LibreTranslate-compatible service (POST {url}/translate with q, source 'auto', target and
 * format 'text'): the instance's operator names it with TRANSLATE_URL. Five seconds at most.
 */
export function createLibreTranslator(settings: LibreTranslateSettings): Translator {
  const endpoint = new URL('translate', settings.url.href.endsWith('/') ? settings.url : new URL(`${settings.url.href}/`));
  return {
    available: true,
    async translate(text, target) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ q: text, source: 'auto', target, format: 'text', ...(settings.apiKey ? { api_key: settings.apiKey } : {}) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`translator answered ${response.status}`);
      return Answer.parse(await response.json()).translatedText;
    },
  };
}
