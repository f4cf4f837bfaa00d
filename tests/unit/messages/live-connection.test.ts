import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveConnection } from '../../../src/web/live/live-connection.ts';

/** A stand-in EventSource: records its URL and listeners; the test plays the server. */
class FakeSource {
  static readonly CLOSED = 2;
  static made: FakeSource[] = [];
  readyState = 1;
  listeners = new Map<string, ((event: { data: string; lastEventId: string }) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSource.made.push(this);
  }
  addEventListener(kind: string, listener: (event: { data: string; lastEventId: string }) => void) {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }
  emit(kind: string, id: string, data: unknown) {
    for (const listener of this.listeners.get(kind) ?? []) listener({ data: JSON.stringify(data), lastEventId: id });
  }
  close() {
    this.readyState = FakeSource.CLOSED;
  }
}

describe('the live connection of a tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    FakeSource.made = [];
  });

  it('opens one stream, hands each kind to its listeners, and after the browser gives up resumes from the last position', () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeSource);
    const connection = createLiveConnection();
    const counts: number[] = [];
    connection.on('message.created', (data) => counts.push(data.conversations_unseen_count));
    connection.start();
    connection.start();
    expect(FakeSource.made.map((s) => s.url)).toEqual(['/live/stream/']);
    const first = FakeSource.made[0] as FakeSource;
    first.emit('snapshot', '4', { position: 4, conversations_unseen_count: 0 });
    first.emit('message.created', '5', { conversations_unseen_count: 1 });
    expect(counts).toEqual([1]);
    expect(connection.position).toBe(5);

    first.readyState = FakeSource.CLOSED;
    first.emit('error', '', null);
    vi.advanceTimersByTime(5000);
    expect(FakeSource.made.map((s) => s.url)).toEqual(['/live/stream/', '/live/stream/?after=5']);
    (FakeSource.made[1] as FakeSource).emit('message.created', '6', { conversations_unseen_count: 2 });
    expect(counts).toEqual([1, 2]);
    connection.close();
  });
});
