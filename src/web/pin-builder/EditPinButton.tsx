import { lazy, Suspense } from 'react';
import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import type { EditablePin } from './edit-pin.ts';
import { useDialog } from '../ui/useDialog.ts';
import styles from './EditPinButton.module.css';

// The dialog (with the board picker and the forms) loads when first opened.
const EditPinDialog = lazy(() => import('./EditPinDialog.tsx').then((m) => ({ default: m.EditPinDialog })));

/**
 * The pin page's "Edit Pin" for a signed-in viewer: the creator edits or deletes; one who saved it
 * moves the save; anyone may hide it. Nothing for visitors.
 */
export function EditPinButton({ pin }: { pin: EditablePin }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const dialog = useDialog();
  if (!viewer) return null;
  const canEdit = viewer.id === pin.pinner.id || pin.saved_info !== null;
  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-label={canEdit ? t('pinBuilder.editPin') : t('pinBuilder.pinOptions')}
        title={canEdit ? t('pinBuilder.editPin') : t('pinBuilder.pinOptions')}
        onClick={() => {
          dialog.open(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6M3 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6m18 0a3 3 0 1 1 0 6 3 3 0 0 1 0-6" fill="currentColor" />
        </svg>
      </button>
      {dialog.shown && (
        <Suspense fallback={null}>
          <EditPinDialog key={dialog.shown.key} pin={pin} onClose={dialog.shown.onClose} />
        </Suspense>
      )}
    </>
  );
}
