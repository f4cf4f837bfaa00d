import crypto from 'node:crypto';

/**
 * Time-ordered 64-bit ids written as decimal strings (docs/decisions/0003): 41 bits of
 * milliseconds since 2024-01-01, 10 bits of node, 12 bits of sequence. Ids made later sort
 * later (as numbers), several nodes never collide unless they draw the same node number, and
 * one node can make 4096 ids per millisecond before it borrows from the next.
 */
export const ID_EPOCH_MS = Date.UTC(2024, 0, 1);

const NODE_BITS = 10n;
const SEQUENCE_BITS = 12n;
const MAX_NODE = (1 << Number(NODE_BITS)) - 1;
const MAX_SEQUENCE = (1 << Number(SEQUENCE_BITS)) - 1;

export type IdGenerator = () => string;

export function createIdGenerator(node: number, now: () => number = Date.now): IdGenerator {
  if (!Number.isInteger(node) || node < 0 || node > MAX_NODE) throw new Error(`Id node must be 0..${MAX_NODE}`);
  let lastMs = -1;
  let sequence = 0;
  return () => {
    // A clock that steps back must not produce an id that sorts before one already handed out.
    const ms = Math.max(now() - ID_EPOCH_MS, lastMs);
    if (ms === lastMs) {
      sequence += 1;
      if (sequence > MAX_SEQUENCE) {
        lastMs += 1;
        sequence = 0;
      }
    } else {
      lastMs = ms;
      sequence = 0;
    }
    const id = (BigInt(lastMs) << (NODE_BITS + SEQUENCE_BITS)) | (BigInt(node) << SEQUENCE_BITS) | BigInt(sequence);
    return id.toString();
  };
}

/** The node number is drawn at random per process: nodes need no coordination. */
export const newId: IdGenerator = createIdGenerator(crypto.randomInt(0, MAX_NODE + 1));

/** When an id was made, in epoch milliseconds. */
export function idTime(id: string): number {
  return Number(BigInt(id) >> (NODE_BITS + SEQUENCE_BITS)) + ID_EPOCH_MS;
}
