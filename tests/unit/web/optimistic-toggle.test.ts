import { describe, expect, it } from 'vitest';
import { toggleOptimistically } from '../../../src/shared/optimistic-toggle.ts';

/** Business spec section 4: a topic follow changes locally at once, then the server is called; a failure reverts it. */
describe('optimistic toggle (topic follow rule)', () => {
  it('shows the new value before the server answers, and keeps it when the server agrees', async () => {
    const shown: boolean[] = [];
    let release: () => void = () => undefined;
    const sent: boolean[] = [];
    const done = toggleOptimistically({
      from: false,
      to: true,
      show: (value) => shown.push(value),
      send: (value) => {
        sent.push(value);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    expect(shown).toEqual([true]);
    expect(sent).toEqual([true]);
    release();
    await done;
    expect(shown).toEqual([true]);
  });

  it('reverts the local change when the server fails, and rethrows the failure', async () => {
    const shown: string[] = [];
    const failure = new Error('offline');
    await expect(
      toggleOptimistically({ from: 'following', to: 'not following', show: (value) => shown.push(value), send: () => Promise.reject(failure) }),
    ).rejects.toBe(failure);
    expect(shown).toEqual(['not following', 'following']);
  });

  it('unfollow works the same way', async () => {
    let state = true;
    await toggleOptimistically({
      from: state,
      to: !state,
      show: (value) => {
        state = value;
      },
      send: () => Promise.resolve(),
    });
    expect(state).toBe(false);
  });
});
