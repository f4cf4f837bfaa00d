import { useRef, useState, type SyntheticEvent } from 'react';
import { isPinLink } from '../../shared/pin-draft.ts';
import { useViewer } from '../app/context.ts';
import { errorMessage } from '../ui/form-messages.ts';
import { fieldError } from '../board-edit/board-api.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import type { BoardChoice } from '../save/types.ts';
import { BoardField } from './BoardField.tsx';
import { choiceOf, pinChanges, textsOf, usePinEdits, type EditablePin } from './edit-pin.ts';
import { PinTextFields, type PinTextErrors, type PinTexts } from './PinTextFields.tsx';
import { useDialog } from '../ui/useDialog.ts';
import forms from '../ui/forms.module.css';
import styles from './PinBuilder.module.css';

const FIELDS = ['title', 'description', 'link', 'alt_text'] as const;

const sameChoice = (a: BoardChoice | null, b: BoardChoice | null) => a?.board.id === b?.board.id && (a?.section?.id ?? null) === (b?.section?.id ?? null);

/**
 * "Edit Pin": the creator changes the texts and comments, or deletes the pin; whoever saved it
 * moves their save to another board or section; anyone hides it from their feeds.
 */
export function EditPinDialog({ pin, onClose }: { pin: EditablePin; onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { navigate } = useRouter();
  const { edit, move, setHidden, remove } = usePinEdits();
  const dialog = useRef<HTMLDialogElement>(null);
  const isCreator = viewer?.id === pin.pinner.id;
  const from = choiceOf(pin);
  const [texts, setTexts] = useState<PinTexts>(() => textsOf(pin));
  const [commentsAllowed, setCommentsAllowed] = useState(!(pin.comments_disabled ?? false));
  const [to, setTo] = useState<BoardChoice | null>(from);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [linkProblem, setLinkProblem] = useState(false);
  const confirmDelete = useDialog();

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      dialog.current?.close();
    } catch (failure) {
      setBusy(false);
      setError(failure);
    }
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isCreator && !isPinLink(texts.link)) {
      setLinkProblem(true);
      return;
    }
    void run(async () => {
      const changes = isCreator ? pinChanges(pin, texts, commentsAllowed) : {};
      if (Object.keys(changes).length > 0) await edit(pin, changes);
      if (from && to && !sameChoice(from, to)) await move(pin, from, to);
    });
  };

  const errors: PinTextErrors = Object.fromEntries(FIELDS.map((f) => [f, fieldError(error, f)]));
  if (linkProblem) errors.link = t('pinBuilder.linkInvalid');
  const shownElsewhere = Object.values(errors).some(Boolean);

  return (
    <Dialog title={isCreator || from ? t('pinBuilder.editTitle') : t('pinBuilder.pinOptions')} onClose={onClose} dialogRef={dialog}>
      <form className={forms.form} onSubmit={onSubmit} noValidate>
        {isCreator && (
          <>
            <PinTextFields
              values={texts}
              errors={errors}
              onChange={(next) => {
                if (next.link !== texts.link) setLinkProblem(false);
                setTexts(next);
              }}
            />
            <label className={styles.checkRow}>
              <input
                type="checkbox"
                checked={commentsAllowed}
                onChange={(e) => {
                  setCommentsAllowed(e.target.checked);
                }}
              />
              {t('pinBuilder.allowComments')}
            </label>
          </>
        )}
        {from && <BoardField choice={to} pinId={pin.id} onChange={setTo} />}
        {error !== null && !shownElsewhere && (
          <p role="alert" className={forms.alert}>
            {errorMessage(t, error)}
          </p>
        )}
        <div className={`${forms.actions} ${forms.spread}`}>
          <div className={forms.actions}>
            {isCreator && (
              <button
                type="button"
                className={forms.danger}
                disabled={busy}
                onClick={() => {
                  confirmDelete.open(true);
                }}
              >
                {t('pinBuilder.delete')}
              </button>
            )}
            <button type="button" className={forms.secondary} disabled={busy} onClick={() => void run(() => setHidden(pin, !(pin.is_hidden ?? false)))}>
              {pin.is_hidden ? t('pinBuilder.unhide') : t('pinBuilder.hide')}
            </button>
          </div>
          {(isCreator || from) && (
            <button type="submit" className={forms.primary} disabled={busy}>
              {t('pinBuilder.save')}
            </button>
          )}
        </div>
      </form>
      {confirmDelete.shown && (
        <ConfirmDialog
          key={confirmDelete.shown.key}
          title={t('pinBuilder.deleteTitle')}
          body={t('pinBuilder.deleteBody')}
          confirmLabel={t('pinBuilder.delete')}
          onConfirm={async () => {
            await remove(pin);
            dialog.current?.close();
            navigate(`/${encodeURIComponent(pin.pinner.username)}/`);
          }}
          onClose={confirmDelete.shown.onClose}
        />
      )}
    </Dialog>
  );
}
