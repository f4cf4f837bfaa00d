import { createContext, useContext } from 'react';
import type { Bootstrap, InitialState } from '../../shared/bootstrap.ts';
import type { Viewer } from '../../shared/viewer.ts';

/** The viewer's own fields a page may change while the page stays (their profile's name and picture). */
export type ViewerChanges = Partial<
  Pick<
    Viewer,
    | 'full_name'
    | 'first_name'
    | 'last_name'
    | 'image_small_url'
    | 'image_medium_url'
    | 'image_large_url'
    | 'username'
    | 'email'
    | 'country'
    | 'locale'
    | 'gender'
    | 'custom_gender'
    | 'is_private_profile'
    | 'allow_personalization_cookies'
    | 'allow_analytic_cookies'
    | 'allow_marketing_cookies'
  >
>;

export type AppValue = { bootstrap: Bootstrap; state: InitialState; updateViewer: (changes: ViewerChanges) => void };

export const AppContext = createContext<AppValue | null>(null);

export function useApp(): AppValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside AppContext');
  return value;
}

export function useViewer(): Viewer | null {
  return useApp().state.viewer;
}

/** Shows the viewer's new name or picture everywhere (the header's avatar and menu) without a reload. */
export function useUpdateViewer(): AppValue['updateViewer'] {
  return useApp().updateViewer;
}
