import { describe, expect, it } from 'vitest';
import {
  parseUpsellShown,
  POST_REPIN_UPSELL_BOARDS_KEPT,
  POST_REPIN_UPSELL_PERIOD_MS,
  recordPostRepinUpsell,
  shouldShowPostRepinUpsell,
} from '../../../src/shared/post-repin-upsell.ts';

const now = 1_700_000_000_000;
const hour = 60 * 60 * 1000;

describe('post-repin upsell records the time shown per board', () => {
  it('shows for a board it was never shown for', () => {
    expect(shouldShowPostRepinUpsell({}, 'b1', now)).toBe(true);
  });

  it('records the time shown for the board', () => {
    expect(recordPostRepinUpsell({}, 'b1', now)).toEqual({ b1: now });
  });

  it('does not show again for the same board within the period, and does after it', () => {
    const shown = recordPostRepinUpsell({}, 'b1', now);
    expect(POST_REPIN_UPSELL_PERIOD_MS).toBe(24 * hour);
    expect(shouldShowPostRepinUpsell(shown, 'b1', now + hour)).toBe(false);
    expect(shouldShowPostRepinUpsell(shown, 'b1', now + POST_REPIN_UPSELL_PERIOD_MS - 1)).toBe(false);
    expect(shouldShowPostRepinUpsell(shown, 'b1', now + POST_REPIN_UPSELL_PERIOD_MS)).toBe(true);
  });

  it('keeps each board apart', () => {
    const shown = recordPostRepinUpsell({}, 'b1', now);
    expect(shouldShowPostRepinUpsell(shown, 'b2', now + 1)).toBe(true);
    const both = recordPostRepinUpsell(shown, 'b2', now + 1);
    expect(both).toEqual({ b1: now, b2: now + 1 });
  });

  it('treats a clock set back a little as within the period, a lot as a new start', () => {
    const shown = { b1: now };
    expect(shouldShowPostRepinUpsell(shown, 'b1', now - hour)).toBe(false);
    expect(shouldShowPostRepinUpsell(shown, 'b1', now - 2 * POST_REPIN_UPSELL_PERIOD_MS)).toBe(true);
  });

  it('forgets expired boards and keeps at most the newest 50', () => {
    const old = { stale: now - POST_REPIN_UPSELL_PERIOD_MS - 1, fresh: now - hour };
    expect(recordPostRepinUpsell(old, 'b1', now)).toEqual({ b1: now, fresh: now - hour });
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`b${i}`, now - i]));
    const kept = recordPostRepinUpsell(many, 'new', now);
    expect(Object.keys(kept)).toHaveLength(POST_REPIN_UPSELL_BOARDS_KEPT);
    expect(kept['new']).toBe(now);
    expect(kept['b0']).toBe(now);
    expect(kept['b79']).toBeUndefined();
  });

  it('reads a stored record back and anything else as empty', () => {
    expect(parseUpsellShown(JSON.stringify({ b1: now }))).toEqual({ b1: now });
    expect(parseUpsellShown(null)).toEqual({});
    expect(parseUpsellShown('[1,2]')).toEqual({});
    expect(parseUpsellShown('nope')).toEqual({});
    expect(parseUpsellShown(JSON.stringify({ b1: 'x', b2: now, b3: null }))).toEqual({ b2: now });
  });
});
