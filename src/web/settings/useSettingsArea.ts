import { useCallback, useState } from 'react';
import { callResource } from '../api/http.ts';
import type { DataOf, OptionsOf, TypedRequest } from '../api/resource-types.ts';
import { useResource, useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { settingsError } from './errors.ts';

export type SettingsResource =
  'AccountSettingsResource' | 'PrivacySettingsResource' | 'InteractionSettingsResource' | 'NotificationSettingsResource' | 'MessageSettingsResource';

/** The read of a settings area: the page server runs it, so the form renders filled in. */
export function settingsRequest<N extends SettingsResource>(name: N): TypedRequest<N> {
  return { name, options: {} } as TypedRequest<N>;
}

export type SaveState = { phase: 'idle' | 'saving' | 'saved' } | { phase: 'failed'; message: string };

/** A settings area's choices and their saving: an update answers the choices after it, which the cache then holds. */
export function useSettingsArea<N extends SettingsResource>(name: N) {
  const { t } = useTranslation();
  const store = useResourceStore();
  const loaded = useResource(settingsRequest(name));
  const [save, setSave] = useState<SaveState>({ phase: 'idle' });

  const update = useCallback(
    async (change: OptionsOf<N, 'update'>): Promise<DataOf<N, 'update'> | null> => {
      setSave({ phase: 'saving' });
      try {
        const saved = await callResource(name, 'update', change);
        await store.refresh(settingsRequest(name));
        setSave({ phase: 'saved' });
        return saved;
      } catch (failure) {
        const message = settingsError(t, failure);
        setSave(message === null ? { phase: 'idle' } : { phase: 'failed', message });
        return null;
      }
    },
    [name, store, t],
  );

  return { loaded, save, update };
}
