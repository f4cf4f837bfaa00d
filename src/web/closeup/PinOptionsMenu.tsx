import { lazy, Suspense } from 'react';
import { useViewer } from '../app/context.ts';
import { withPageTexts } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { MoreMenu, type MoreMenuItem } from '../ui/MoreMenu.tsx';
import type { PinJson } from '../pins/types.ts';
import { useDialog } from '../ui/useDialog.ts';
import styles from './PinPage.module.css';

// Each dialog (the edit forms with the board picker; the report form) loads when first opened.
const EditPinDialog = lazy(() => import('../pin-builder/EditPinDialog.tsx').then((m) => ({ default: m.EditPinDialog })));
const ReportDialog = lazy(withPageTexts(() => import('../moderation/ReportDialog.tsx').then((m) => ({ default: m.ReportDialog }))));

/**
 * The closeup's one "More options" menu for a signed-in viewer: the creator edits or deletes, one
 * who saved it moves the save, anyone may hide it ("Pin options"); anyone but the creator reports
 * it. Nothing for visitors.
 */
export function PinOptionsMenu({ pin }: { pin: PinJson }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const editing = useDialog();
  const reporting = useDialog();
  if (!viewer) return null;
  const own = viewer.id === pin.pinner.id;
  const canEdit = own || pin.saved_info !== null;
  const items: MoreMenuItem[] = [
    {
      label: canEdit ? t('pinBuilder.editPin') : t('pinBuilder.pinOptions'),
      onSelect: () => {
        editing.open(true);
      },
    },
  ];
  if (!own) {
    items.push({
      label: t('pin.report'),
      onSelect: () => {
        reporting.open(true);
      },
    });
  }
  return (
    <>
      <MoreMenu label={t('pin.moreOptions')} items={items} className={styles.options} />
      {editing.shown && (
        <Suspense fallback={null}>
          <EditPinDialog key={editing.shown.key} pin={pin} onClose={editing.shown.onClose} />
        </Suspense>
      )}
      {reporting.shown && (
        <Suspense fallback={null}>
          <ReportDialog
            key={reporting.shown.key}
            target={{ id: pin.id, type: 'pin', isPromoted: false, isProduct: Boolean(pin.rich_metadata?.product) }}
            onClose={reporting.shown.onClose}
          />
        </Suspense>
      )}
    </>
  );
}
