import { createContext, useContext } from 'react';
import type { Bootstrap, InitialState } from '../../shared/bootstrap.ts';
import type { Viewer } from '../../shared/viewer.ts';

export type AppValue = { bootstrap: Bootstrap; state: InitialState };

export const AppContext = createContext<AppValue | null>(null);

export function useApp(): AppValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside AppContext');
  return value;
}

export function useViewer(): Viewer | null {
  return useApp().state.viewer;
}
