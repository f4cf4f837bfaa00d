import { describe, expect, it } from 'vitest';
import { addMostRecentPin, MOST_RECENT_PINS_KEPT_OLDER, parseMostRecentPins, type MostRecentPin } from '../../../src/shared/most-recent-pin.ts';

const pin = (id: string, signatures: string[] = [`sig-${id}`]): MostRecentPin => ({ id, imageSignatures: signatures });

describe('the most-recent-pin list keeps newest first, removes duplicates and keeps at most 10 older entries', () => {
  it('puts the newest pin first', () => {
    const list = addMostRecentPin(addMostRecentPin([], pin('1')), pin('2'));
    expect(list.map((p) => p.id)).toEqual(['2', '1']);
  });

  it('moves a pin seen again to the front, once, with its new signatures', () => {
    const list = [pin('3'), pin('2'), pin('1')];
    const next = addMostRecentPin(list, pin('1', ['new']));
    expect(next.map((p) => p.id)).toEqual(['1', '3', '2']);
    expect(next[0]?.imageSignatures).toEqual(['new']);
  });

  it('keeps the newest and at most 10 older entries, dropping the oldest', () => {
    let list: MostRecentPin[] = [];
    for (let i = 1; i <= 15; i++) list = addMostRecentPin(list, pin(String(i)));
    expect(MOST_RECENT_PINS_KEPT_OLDER).toBe(10);
    expect(list).toHaveLength(11);
    expect(list.map((p) => p.id)).toEqual(['15', '14', '13', '12', '11', '10', '9', '8', '7', '6', '5']);
  });

  it('does not change the list it was given', () => {
    const list = [pin('1')];
    addMostRecentPin(list, pin('2'));
    expect(list).toEqual([pin('1')]);
  });

  it('reads a stored list back and anything malformed as empty', () => {
    const list = [pin('2'), pin('1')];
    expect(parseMostRecentPins(JSON.stringify(list))).toEqual(list);
    expect(parseMostRecentPins(null)).toEqual([]);
    expect(parseMostRecentPins('{not json')).toEqual([]);
    expect(parseMostRecentPins('{"id":"1"}')).toEqual([]);
    expect(parseMostRecentPins(JSON.stringify([{ id: 1, imageSignatures: [] }, { id: '2', imageSignatures: [3] }, pin('4')]))).toEqual([pin('4')]);
    const tooMany = Array.from({ length: 30 }, (_, i) => pin(String(i)));
    expect(parseMostRecentPins(JSON.stringify(tooMany))).toHaveLength(11);
  });
});
