import type { LiveData, LiveKind, LiveSnapshot } from '../../shared/contracts/live.ts';

type Listener = (data: unknown) => void;

/**
 * The tab's one connection to its member's live log (GET /live/stream/, docs/decisions/0049). The
 * browser's EventSource resends the last id it saw when it reconnects, so a dropped or ended
 * stream resumes exactly where it stopped; if the browser gives up (the server was away), a new
 * EventSource starts from the saved position with `after`.
 */
export function createLiveConnection(url = '/live/stream/') {
  const listeners = new Map<string, Set<Listener>>();
  let position: number | null = null;
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let started = false;

  const emit = (kind: string, event: MessageEvent<string>) => {
    if (event.lastEventId) position = Number(event.lastEventId);
    const data: unknown = JSON.parse(event.data);
    for (const listener of listeners.get(kind) ?? []) listener(data);
  };

  // Each kind is listened to once someone asks for it: the bundle carries no list of kinds.
  const listen = (kind: string) => {
    source?.addEventListener(kind, (event: MessageEvent<string>) => {
      emit(kind, event);
    });
  };

  const connect = () => {
    if (closed) return;
    source = new EventSource(position === null ? url : `${url}?after=${position}`, { withCredentials: true });
    for (const kind of listeners.keys()) listen(kind);
    source.addEventListener('error', () => {
      if (source?.readyState !== EventSource.CLOSED) return;
      source = null;
      retry = setTimeout(connect, 5000);
    });
  };

  return {
    start() {
      // Started once per tab, however often React runs its effects.
      closed = false;
      if (started) return;
      started = true;
      connect();
    },
    /** Calls `listener` with each entry of `kind`; answers how to stop. */
    on<K extends LiveKind | 'snapshot'>(kind: K, listener: (data: K extends LiveKind ? LiveData<K> : LiveSnapshot) => void): () => void {
      let set = listeners.get(kind);
      if (!set) {
        listeners.set(kind, (set = new Set()));
        listen(kind);
      }
      const wrapped = listener as Listener;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
    get position() {
      return position;
    },
    close() {
      closed = true;
      started = false;
      if (retry) clearTimeout(retry);
      source?.close();
      source = null;
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
