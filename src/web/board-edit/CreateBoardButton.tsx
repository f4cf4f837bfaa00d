import { lazy, Suspense, useState } from 'react';
import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './BoardActionsBar.module.css';

const CreateBoardDialog = lazy(() => import('./CreateBoardDialog.tsx').then((m) => ({ default: m.CreateBoardDialog })));

/** "Create board" on a profile: shown to the profile's own member only; opens the create-board dialog. */
export function CreateBoardButton({ username }: { username: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  if (viewer?.username.toLowerCase() !== username.toLowerCase()) return null;
  return (
    <>
      <button
        type="button"
        className={styles.secondary}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('create.board')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CreateBoardDialog
            onClose={() => {
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
