/**
 * Topic follow (business spec section 4, "Topic follow and invite landing"): the change shows
 * locally at once, then the server is called; on failure the local change is reverted. Follow and
 * unfollow of users and boards work the same way, so every toggle the viewer flips goes through here.
 */
export type OptimisticToggle<T> = {
  /** The value shown before the change. */
  from: T;
  /** The value the viewer asked for. */
  to: T;
  /** Shows a value locally (the cache, the button). */
  show: (value: T) => void;
  /** Asks the server for the value. */
  send: (value: T) => Promise<unknown>;
};

/** Shows `to`, sends it, and shows `from` again if sending fails; the failure is rethrown for a message. */
export async function toggleOptimistically<T>({ from, to, show, send }: OptimisticToggle<T>): Promise<void> {
  show(to);
  try {
    await send(to);
  } catch (error) {
    show(from);
    throw error;
  }
}
