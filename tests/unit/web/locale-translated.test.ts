import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/shared/constants.ts';

const LOCALE_DIR = path.resolve(import.meta.dirname, '../../../src/web/i18n/locales');
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
const catalogue = (locale: string) => ({
  ...read(path.join(LOCALE_DIR, `${locale}.json`)),
  ...read(path.join(LOCALE_DIR, 'pages', `${locale}.json`)),
});

/** The areas whose texts came in English-only and were then translated; a new key in them must be translated too. */
const AREAS = [
  'header.',
  'landing.',
  'passwordReset.',
  'tokens.scope.',
  'sessions.',
  'recoveryCodes.',
  'passcode.',
  'downloadData.',
  'deleteAccount.',
  'experimentsAdmin.',
  'telemetryAdmin.',
  'settings.area.',
  'settings.group.',
  'accountSettings.',
  'emailSettings.',
  'privacySettings.',
  'interactions.',
  'permissionsSettings.',
  'mentionsSettings.',
  'messagesSettings.',
  'notificationSettings.',
  'websitesSettings.',
  'report.',
  'feedback.',
  'feedbackAdmin.',
  'moderationAdmin.',
  'decisions.',
  'tried.',
  'follow.',
  'followRequests.',
  'privateProfile.',
  'comments.',
  'newsHub.',
  'messages.',
  'share.',
  'invite.',
];

const ROMANCE = ['es_419', 'es_AR', 'es_ES', 'es_MX', 'es_US', 'fr', 'it', 'pt_BR', 'pt_PT', 'ro_RO'];
const GERMANIC = ['da_DK', 'de', 'nb_NO', 'nl', 'sv_SE'];

/**
 * English texts that are also the right text in these locales: loanwords the language uses as they are (Spam, Push,
 * Feedback), words spelt the same (French "Messages", Scandinavian "under"), and the English terms Filipino UI keeps.
 */
const SAME_IN: Record<string, readonly string[]> = {
  Pin: [
    ...ROMANCE.filter((l) => l !== 'fr'),
    ...GERMANIC,
    'cs_CZ',
    'el_GR',
    'fi_FI',
    'hr_HR',
    'hu_HU',
    'id_ID',
    'ms_MY',
    'pl_PL',
    'sk_SK',
    'tl_PH',
    'tr',
    'zh_TW',
  ],
  Push: [...ROMANCE, ...GERMANIC, 'cs_CZ', 'el_GR', 'fi_FI', 'hr_HR', 'hu_HU', 'id_ID', 'pl_PL', 'sk_SK', 'tl_PH'],
  Spam: [...ROMANCE, 'cs_CZ', 'da_DK', 'de', 'hu_HU', 'id_ID', 'ms_MY', 'nl', 'pl_PL', 'sk_SK', 'tl_PH', 'tr'],
  Feedback: ['da_DK', 'de', 'it', 'nl', 'pt_BR', 'pt_PT', 'ro_RO', 'sv_SE', 'tl_PH'],
  Total: ['es_419', 'es_AR', 'es_ES', 'es_MX', 'es_US', 'fr', 'id_ID', 'pt_BR', 'pt_PT', 'ro_RO'],
  Email: ['el_GR', 'id_ID', 'it', 'tl_PH', 'vi_VN'],
  Log: ['da_DK', 'id_ID', 'ms_MY', 'tl_PH'],
  Website: ['de', 'nl', 'tl_PH'],
  Account: ['it', 'nl', 'tl_PH'],
  'under {{ms}} ms': ['da_DK', 'nb_NO', 'sv_SE'],
  Send: ['da_DK', 'nb_NO'],
  Note: ['da_DK', 'fr'],
  Page: ['fr', 'tl_PH'],
  Edit: ['id_ID', 'ms_MY'],
  'Edit {{name}}': ['id_ID', 'ms_MY'],
  Moderation: ['de', 'tl_PH'],
  Passcode: ['de', 'tl_PH'],
  Home: ['it', 'tl_PH'],
  Password: ['it', 'tl_PH'],
  '{{count}} like': ['nl', 'tl_PH'],
  Misinformation: ['da_DK'],
  Name: ['de'],
  Gender: ['nl'],
  Open: ['nl'],
  '{{count}} likes': ['nl'],
  Sessions: ['fr'],
  'Sessions | Corkboard': ['fr'],
  Action: ['fr'],
  Actions: ['fr'],
  Mentions: ['fr'],
  Messages: ['fr'],
  Notifications: ['fr'],
  Conversation: ['fr'],
  Photo: ['fr'],
  '{{count}} photo': ['fr'],
  '{{count}} photos': ['fr'],
  Profile: ['tl_PH'],
  'Navigation bar': ['tl_PH'],
  'Parental passcode': ['tl_PH'],
  'Parental passcode | Corkboard': ['tl_PH'],
  Telemetry: ['tl_PH'],
  'Two-factor authentication': ['tl_PH'],
  Username: ['tl_PH'],
  Custom: ['tl_PH'],
  Comment: ['tl_PH'],
  '{{count}} report': ['tl_PH'],
  'Like ({{count}})': ['tl_PH'],
};

/** A text with no words once its placeholders and the brand are gone reads the same in every language. */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\{\w+\}\}/g, '').replace(/Corkboard/g, ''));

describe('translated areas', () => {
  const english = catalogue('en_US');
  const british = catalogue('en_GB');
  const keys = Object.keys(english).filter((key) => AREAS.some((area) => key.startsWith(area)));

  it('covers the areas it names', () => {
    for (const area of AREAS)
      expect(
        keys.some((key) => key.startsWith(area)),
        area,
      ).toBe(true);
  });

  it('keeps no English text in a non-English locale, but for the listed ones', () => {
    const left: string[] = [];
    for (const locale of LOCALES.filter((l) => !l.startsWith('en_'))) {
      const texts = catalogue(locale);
      for (const key of keys) {
        const text = texts[key];
        const source = english[key] ?? '';
        if (text !== source && text !== british[key]) continue;
        if (!hasWords(source) || SAME_IN[source]?.includes(locale)) continue;
        left.push(`${locale} ${key}: ${source}`);
      }
    }
    expect(left).toEqual([]);
  });

  it('lists only texts that are still English somewhere', () => {
    const unused = Object.entries(SAME_IN).flatMap(([source, locales]) =>
      locales.filter((locale) => !keys.some((key) => english[key] === source && catalogue(locale)[key] === source)).map((l) => `${l} ${source}`),
    );
    expect(unused).toEqual([]);
  });
});
