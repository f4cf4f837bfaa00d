import { use } from 'react';

/**
 * A module split from the first load that the page server still renders with: the server has it
 * before its first render (await `load()` at module level under `import.meta.env.SSR`), and in
 * the browser `useModule()` suspends the nearest Suspense boundary until it has arrived, which
 * keeps the server's markup in place meanwhile instead of rendering the boundary afresh.
 */
export type SplitModule<M> = { load(): Promise<M>; useModule(): M };

export function splitModule<M>(importer: () => Promise<M>): SplitModule<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const load = (): Promise<M> => {
    loading ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // Forgotten, so the next render that needs it tries again.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return { load, useModule: () => loaded ?? use(load()) };
}
