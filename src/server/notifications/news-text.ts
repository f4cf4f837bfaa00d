import fs from 'node:fs';
import type { NotificationJson } from '../../shared/contracts/notifications.ts';
import { notificationMessage } from '../../shared/notifications.ts';

/**
 * A notification's sentence for a push or a mail, in the member's language, from the same message
 * catalogue entries the news hub page shows (newsHub.people.*, newsHub.type.*), so the three never
 * say different things. Read once per locale; a missing entry falls back to en_US.
 */
type Catalogue = Record<string, string>;

const catalogues = new Map<string, Catalogue>();
const FALLBACK = 'en_US';

function catalogue(locale: string): Catalogue {
  const safe = /^[a-z]{2}(_[A-Z0-9]{2,3})?$/.test(locale) ? locale : FALLBACK;
  let found = catalogues.get(safe);
  if (!found) {
    const file = new URL(`../../web/i18n/locales/pages/${safe}.json`, import.meta.url);
    found = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue) : catalogue(FALLBACK);
    catalogues.set(safe, found);
  }
  return found;
}

function text(locale: string, key: string, values: Record<string, string | number>): string {
  const count = values.count;
  const plural = typeof count === 'number' ? `${key}_${new Intl.PluralRules(locale.replace('_', '-')).select(count)}` : undefined;
  const own = catalogue(locale);
  const fallback = catalogue(FALLBACK);
  const template = (plural && (own[plural] ?? fallback[`${key}_other`])) ?? own[key] ?? fallback[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export function newsSentence(locale: string, item: NotificationJson): string {
  const names = item.actors.map((a) => a.full_name || a.username);
  const people = notificationMessage(names, item.actor_count);
  return text(locale, `newsHub.type.${item.type}`, {
    people: text(locale, people.key, people.values),
    pin: item.pin?.title ?? '',
    board: item.board?.name ?? '',
  });
}
