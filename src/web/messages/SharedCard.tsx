import { useEffect, useState } from 'react';
import type { MessageJson } from '../../shared/contracts/messages.ts';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import { getResource } from '../api/resources.ts';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './Messages.module.css';

type Card = { href: string; title: string; image: string | null } | null;

/** The picture of a pin or tried-it in a card: the small grid size, else any. */
function thumbnail(images: Record<string, { url: string }> | null): string | null {
  if (!images) return null;
  return (images['236x'] ?? Object.values(images)[0])?.url ?? null;
}

async function loadCard(message: MessageJson, people: readonly UserCard[], untitled: string): Promise<Card> {
  if (message.pin) {
    const pin = await getResource('PinResource', { id: message.pin.id });
    return { href: `/pin/${pin.id}/`, title: pin.title || pin.grid_title || untitled, image: thumbnail(pin.images) };
  }
  if (message.board) {
    const board = await getResource('BoardResource', { board_id: message.board.id });
    return { href: board.url, title: board.name, image: null };
  }
  if (message.did_it) {
    const triedIt = await getResource('UserDidItDataResource', { id: message.did_it.id });
    return { href: `/pin/${triedIt.pin_id}/`, title: triedIt.details || untitled, image: thumbnail(triedIt.images) };
  }
  if (message.user) {
    const id = message.user.id;
    // A shared profile is named by id; the people of the conversation are the usual ones shared.
    const person = people.find((p) => p.id === id);
    return person ? { href: person.profile_url, title: person.full_name || person.username, image: person.image_medium_url } : null;
  }
  return null;
}

/** What a message shares (a pin, a board, a profile or a tried-it), as a card linking to it. */
export function SharedCard({ message, people }: { message: MessageJson; people: readonly UserCard[] }) {
  const { t } = useTranslation();
  const [card, setCard] = useState<Card | 'failed'>(null);
  const kind = message.pin ? 'pin' : message.board ? 'board' : message.did_it ? 'triedIt' : message.user ? 'profile' : null;
  useEffect(() => {
    let live = true;
    loadCard(message, people, t('messages.untitled')).then(
      (loaded) => {
        if (live) setCard(loaded ?? 'failed');
      },
      () => {
        if (live) setCard('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [message, people, t]);
  if (!kind) return null;
  const label = t(`messages.shared.${kind}`);
  if (card === null || card === 'failed') return <p className={styles.cardPending}>{label}</p>;
  return (
    <a className={styles.card} href={card.href}>
      {card.image ? (
        <img className={styles.cardImage} src={card.image} alt="" width={56} height={56} />
      ) : (
        <span className={styles.cardImage} aria-hidden="true" />
      )}
      <span className={styles.cardText}>
        <span className={styles.cardKind}>{label}</span>
        <span className={styles.cardTitle}>{card.title}</span>
      </span>
    </a>
  );
}
