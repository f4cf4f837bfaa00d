/** A shared cache of strings with expiry: memory in one process, Redis across nodes. */
export interface Cache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type Unsubscribe = () => Promise<void>;

/** Fire-and-forget messages to every subscribed process (cache invalidation, live updates). */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
}
