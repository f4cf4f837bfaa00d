import { lazy, Suspense } from 'react';
import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useDialog } from '../ui/useDialog.ts';
import styles from './BoardActionsBar.module.css';

const CreateBoardDialog = lazy(() => import('./CreateBoardDialog.tsx').then((m) => ({ default: m.CreateBoardDialog })));

/** "Create board" on a profile: shown to the profile's own member only; opens the create-board dialog. */
export function CreateBoardButton({ username }: { username: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const dialog = useDialog();
  if (viewer?.username.toLowerCase() !== username.toLowerCase()) return null;
  return (
    <>
      <button
        type="button"
        className={styles.secondary}
        aria-haspopup="dialog"
        onClick={() => {
          dialog.open(true);
        }}
      >
        {t('create.board')}
      </button>
      {dialog.shown && (
        <Suspense fallback={null}>
          <CreateBoardDialog key={dialog.shown.key} onClose={dialog.shown.onClose} />
        </Suspense>
      )}
    </>
  );
}
