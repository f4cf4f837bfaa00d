import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenOnline } from '../../../src/web/telemetry/client-signals.ts';

/** A browser whose connection the test turns off and on. */
function connection(online: boolean) {
  const window = new EventTarget();
  const navigator = { onLine: online };
  vi.stubGlobal('window', window);
  vi.stubGlobal('navigator', navigator);
  return {
    reconnect() {
      navigator.onLine = true;
      window.dispatchEvent(new Event('online'));
    },
  };
}

describe('background requests wait for the connection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends at once when online', () => {
    connection(true);
    const send = vi.fn();
    whenOnline(send);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('offline, sends once the browser is back online, and only once', () => {
    const link = connection(false);
    const send = vi.fn();
    whenOnline(send);
    expect(send).not.toHaveBeenCalled();
    link.reconnect();
    link.reconnect();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a cancelled wait sends nothing (the page left)', () => {
    const link = connection(false);
    const send = vi.fn();
    const cancel = whenOnline(send);
    cancel();
    link.reconnect();
    expect(send).not.toHaveBeenCalled();
  });
});
