import type { NotificationJson } from '../../shared/contracts/notifications.ts';
import { notificationMessage } from '../../shared/notifications.ts';
import type { Translate } from '../i18n/translate.tsx';

/** A notification's sentence in the page's language: its people ("Ana and 4 others") put into the type's text. */
export function notificationText(t: Translate, item: NotificationJson): string {
  const names = item.actors.map((a) => a.full_name || a.username);
  const people = notificationMessage(names, item.actor_count);
  return t(`newsHub.type.${item.type}`, {
    people: t(people.key, people.values),
    pin: item.pin?.title ?? '',
    board: item.board?.name ?? '',
    // Member texts are shown as typed: React escapes the whole sentence.
    interpolation: { escapeValue: false },
  });
}
