import { lazy, Suspense } from 'react';
import { useViewer } from '../app/context.ts';
import { withPageTexts } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useDialog } from '../ui/useDialog.ts';
import type { PinJson } from '../pins/types.ts';
import { MoreMenu } from './MoreMenu.tsx';

const ReportDialog = lazy(withPageTexts(() => import('./ReportDialog.tsx').then((m) => ({ default: m.ReportDialog }))));

/** The closeup's "More options": report the pin, for a signed-in viewer who did not make it. */
export function PinMoreMenu({ pin }: { pin: PinJson }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const reporting = useDialog();
  if (viewer === null || viewer.id === pin.pinner.id) return null;
  return (
    <>
      <MoreMenu
        label={t('pin.moreOptions')}
        items={[
          {
            label: t('pin.report'),
            onSelect: () => {
              reporting.open(true);
            },
          },
        ]}
      />
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
