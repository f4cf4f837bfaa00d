import { lazy, Suspense, useId, useRef } from 'react';
import { withPageTexts } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useDialog } from '../ui/useDialog.ts';
import styles from './CreateMenu.module.css';

// The dialog's code loads when it is first opened, so the header stays light.
const CreateBoardDialog = lazy(withPageTexts(() => import('./CreateBoardDialog.tsx').then((m) => ({ default: m.CreateBoardDialog }))));

/** How the phone's bottom bar draws the trigger: its own classes, the menu opening upwards. */
export type BarTrigger = { className: string | undefined; labelClassName: string | undefined };

/** The "Create" menu (the header's, or the phone bar's with `bar`): Create Pin (the pin builder) and Create board (a dialog). */
export function CreateMenu({ bar }: { bar?: BarTrigger }) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDivElement>(null);
  const barMenuId = useId();
  const menuId = bar ? barMenuId : 'create-menu';
  const creatingBoard = useDialog();
  return (
    <div className={bar ? styles.inBar : styles.create}>
      <button type="button" className={bar?.className ?? styles.trigger} popoverTarget={menuId} aria-label={bar ? undefined : t('create.menu')}>
        <svg viewBox="0 0 24 24" width={bar ? 24 : 20} height={bar ? 24 : 20} aria-hidden="true" focusable="false">
          <path d="M11 3h2v8h8v2h-8v8h-2v-8H3v-2h8z" fill="currentColor" />
        </svg>
        <span className={bar?.labelClassName ?? styles.label}>{t('create.create')}</span>
      </button>
      <div id={menuId} ref={menu} popover="auto" className={bar ? styles.menuAbove : styles.menu}>
        <p className={styles.heading}>{t('create.create')}</p>
        <a
          href="/pin-builder"
          className={styles.item}
          onClick={() => {
            menu.current?.hidePopover();
          }}
        >
          {t('create.pin')}
        </a>
        <button
          type="button"
          className={styles.item}
          onClick={() => {
            menu.current?.hidePopover();
            creatingBoard.open(true);
          }}
        >
          {t('create.board')}
        </button>
      </div>
      {creatingBoard.shown && (
        <Suspense fallback={null}>
          <CreateBoardDialog key={creatingBoard.shown.key} onClose={creatingBoard.shown.onClose} />
        </Suspense>
      )}
    </div>
  );
}
