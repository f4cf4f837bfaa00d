import type { Db } from '../db/database.ts';
import type { Board, Pin } from '../db/schema/boards-and-pins.ts';
import { AppError, notFound } from '../errors.ts';
import { isOnPublicBoard, visiblePin } from './access.repo.ts';
import type { Reader, Writer } from './authorized.ts';

/** The single-read check: the pin if the reader may see it, else not found. */
export async function findVisiblePin(db: Db, reader: Reader, pinId: string): Promise<Pin> {
  const pin = await visiblePin(db, reader, pinId);
  if (!pin) throw notFound('pin');
  return pin;
}

/** Editing and deleting the content itself is its creator's alone. */
export async function requirePinCreator(db: Db, writer: Writer, pinId: string): Promise<Pin> {
  const pin = await findVisiblePin(db, writer, pinId);
  if (pin.creator_id !== writer.userId) throw new AppError('forbidden');
  return pin;
}

/**
 * What a secret board holds stays secret: only a pin's creator may put it on a public board while
 * no public board holds it yet. Otherwise a collaborator could repin a secret board's pin onto a
 * public board of their own and publish what the owner kept secret (pins are shared, not copied).
 */
export async function requirePublishable(db: Db, writer: Writer, pin: Pick<Pin, 'id' | 'creator_id'>, target: Pick<Board, 'privacy'>): Promise<void> {
  if (target.privacy === 'secret' || pin.creator_id === writer.userId) return;
  if (!(await isOnPublicBoard(db, pin.id))) throw new AppError('forbidden', 'This Pin is on a secret board. Only its creator can save it to a public board.');
}
