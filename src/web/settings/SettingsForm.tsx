import type { ReactNode, SyntheticEvent } from 'react';
import type { ResourceState } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import type { SaveState } from './useSettingsArea.ts';
import styles from './settings.module.css';

/** A settings form: its fields, Save, and what came of the last save, announced as it appears. */
export function SettingsForm({ save, onSave, children }: { save: SaveState; onSave: (form: HTMLFormElement) => void; children: ReactNode }) {
  const { t } = useTranslation();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(event.currentTarget);
  };
  return (
    <form className={styles.form} method="post" noValidate onSubmit={onSubmit}>
      {children}
      {save.phase === 'failed' && (
        <p role="alert" className={styles.alert}>
          {save.message}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={save.phase === 'saving'}>
          {t('settings.save')}
        </button>
      </div>
      <div role="status">{save.phase === 'saved' && <p className={styles.success}>{t('settings.saved')}</p>}</div>
    </form>
  );
}

/** Whether a form's checkbox is ticked. */
export function checked(form: HTMLFormElement, name: string): boolean {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement && input.checked;
}

/** A settings area's form once its choices are read; a spinner before, the failure if reading failed. */
export function AreaContent<T>({ state, children }: { state: ResourceState<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (state.status === 'ready') return children(state.data);
  if (state.status === 'loading') return <Spinner label={t('overlay.loading')} />;
  return (
    <p role="alert" className={styles.alert}>
      {t('settings.loadFailed')} {state.error.message}
    </p>
  );
}
