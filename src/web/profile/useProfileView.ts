import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_PROFILE_VIEW, parseProfileView, profileViewKey, type ProfileView } from '../../shared/profile-view.ts';
import { useViewer } from '../app/context.ts';

/*
 * The profile view settings in localStorage, per viewer. The server cannot know them, so it and
 * hydration render the defaults; the stored ones apply right after.
 */

const listeners = new Set<() => void>();
const cache = new Map<string, { text: string | null; view: ProfileView }>();

function read(key: string): ProfileView {
  let text: string | null = null;
  try {
    text = localStorage.getItem(key);
  } catch {
    // Storage denied (some private modes): the defaults apply.
  }
  const cached = cache.get(key);
  if (cached && cached.text === text) return cached.view;
  const view = parseProfileView(text);
  cache.set(key, { text, view });
  return view;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

const serverView = () => DEFAULT_PROFILE_VIEW;

export function useProfileView(): [ProfileView, (change: (view: ProfileView) => ProfileView) => void] {
  const viewer = useViewer();
  const key = profileViewKey(viewer?.id ?? null);
  const view = useSyncExternalStore(subscribe, () => read(key), serverView);
  const update = useCallback(
    (change: (view: ProfileView) => ProfileView) => {
      try {
        localStorage.setItem(key, JSON.stringify(change(read(key))));
      } catch {
        return;
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [view, update];
}
