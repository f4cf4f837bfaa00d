/** One Server-Sent Event as a stream sends it. */
export type LiveEvent = { id: string | null; event: string; data: string };

export type LiveReader = {
  status: number;
  events: LiveEvent[];
  /** Comment lines (heartbeats) seen so far. */
  comments: number;
  /** Waits (up to 10 s) until `predicate` holds of the events so far. */
  waitFor(predicate: (events: LiveEvent[]) => boolean): Promise<LiveEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

/**
 * Reads GET /live/stream/ of a listening server with a member's cookies, as an EventSource would:
 * frames split on blank lines, `id:`, `event:` and `data:` fields, comment lines counted.
 */
export async function openLiveStream(
  baseUrl: string,
  cookies: ReadonlyMap<string, string>,
  options: { after?: number; lastEventId?: string } = {},
): Promise<LiveReader> {
  const controller = new AbortController();
  const query = options.after === undefined ? '' : `?after=${options.after}`;
  const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), accept: 'text/event-stream' };
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(`${baseUrl}/live/stream/${query}`, { headers, signal: controller.signal });
  const reader: LiveReader = {
    status: response.status,
    events: [],
    comments: 0,
    ended: Promise.resolve(),
    async waitFor(predicate) {
      const deadline = Date.now() + 10_000;
      while (!predicate(reader.events)) {
        if (Date.now() > deadline) throw new Error(`stream never matched; events: ${JSON.stringify(reader.events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return reader.events;
    },
    close: () => {
      controller.abort();
    },
  };
  if (!response.body || response.status !== 200) return reader;
  const body = response.body.pipeThrough(new TextDecoderStream());
  reader.ended = (async () => {
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          parseFrame(buffer.slice(0, end), reader);
          buffer = buffer.slice(end + 2);
        }
      }
    } catch (error) {
      if (!(error instanceof Error && error.name === 'AbortError')) throw error;
    }
  })();
  return reader;
}

function parseFrame(frame: string, reader: LiveReader): void {
  let id: string | null = null;
  let event = 'message';
  const data: string[] = [];
  let fields = 0;
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) {
      reader.comments += 1;
      continue;
    }
    const at = line.indexOf(':');
    const name = at === -1 ? line : line.slice(0, at);
    const value = at === -1 ? '' : line.slice(at + 1).replace(/^ /, '');
    fields += 1;
    if (name === 'id') id = value;
    else if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
  }
  if (fields > 0 && data.length > 0) reader.events.push({ id, event, data: data.join('\n') });
}
