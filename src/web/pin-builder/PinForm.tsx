import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { canPublish, isPinLink, newPinDraft, nextPublishingStatus, type PinDraft, type UploadStatus } from '../../shared/pin-draft.ts';
import { errorMessage } from '../ui/form-messages.ts';
import { fieldError } from '../board-edit/board-api.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import { useLastBoard } from '../save/useLastBoard.ts';
import type { BoardChoice } from '../save/types.ts';
import { BoardField } from './BoardField.tsx';
import { PinTextFields, type PinTextErrors, type PinTexts } from './PinTextFields.tsx';
import { usePublishPin, type PinSource } from './usePublishPin.ts';
import styles from './PinBuilder.module.css';

type Props = {
  /** The media column: the upload's drop zone and preview, or the web page's picture. */
  media: ReactNode;
  /** The picture to publish, null while there is none yet. */
  source: PinSource | null;
  /** Where the picture's upload stands ("ready" for a web page's picture). */
  upload: UploadStatus | null;
  texts: PinTexts;
  onTexts: (texts: PinTexts) => void;
};

const FIELDS = ['title', 'description', 'link', 'alt_text'] as const;

/**
 * The pin builder's form around one piece of media: texts, board and section, comments, and
 * Publish, which creates the pin and opens its page.
 */
export function PinForm({ media, source, upload, texts, onTexts }: Props) {
  const { t } = useTranslation();
  const { navigate } = useRouter();
  const publish = usePublishPin();
  const lastBoard = useLastBoard();
  const id = useId();
  const [draft, setDraft] = useState<PinDraft>(newPinDraft);
  const [picked, setPicked] = useState<BoardChoice | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [linkProblem, setLinkProblem] = useState(false);
  const choice = picked ?? (lastBoard ? { board: lastBoard, section: null } : null);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isPinLink(texts.link)) {
      setLinkProblem(true);
      return;
    }
    if (!source || !choice || !canPublish(draft, upload, true)) return;
    setError(null);
    setDraft((d) => ({ ...d, publishingStatus: nextPublishingStatus(nextPublishingStatus(d.publishingStatus, 'attempted'), 'publishing') }));
    try {
      const pin = await publish({ source, texts, choice, commentsAllowed: draft.isCommentsAllowed });
      setDraft((d) => ({ ...d, publishingStatus: nextPublishingStatus(d.publishingStatus, 'succeeded') }));
      navigate(`/pin/${pin.id}/`);
    } catch (failure) {
      setDraft((d) => ({ ...d, publishingStatus: nextPublishingStatus(d.publishingStatus, 'failed') }));
      setError(failure);
    }
  };

  const errors: PinTextErrors = Object.fromEntries(FIELDS.map((f) => [f, error ? fieldError(error, f) : null]));
  if (linkProblem) errors.link = t('pinBuilder.linkInvalid');
  const boardError = error ? (fieldError(error, 'board_id') ?? fieldError(error, 'section_id')) : null;
  const shownElsewhere = Object.values(errors).some(Boolean) || boardError !== null;
  const publishing = draft.publishingStatus === 'attempted' || draft.publishingStatus === 'publishing';
  const ready = source !== null && choice !== null && canPublish(draft, upload, true);

  return (
    <form className={styles.builder} aria-labelledby={`${id}-title`} onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className={styles.mediaColumn}>{media}</div>
      <div className={styles.fieldsColumn}>
        <h2 id={`${id}-title`} className="visually-hidden">
          {t('pinBuilder.details')}
        </h2>
        <PinTextFields
          values={texts}
          errors={errors}
          onChange={(next) => {
            if (next.link !== texts.link) setLinkProblem(false);
            onTexts(next);
          }}
        />
        <BoardField choice={choice} error={boardError} onChange={setPicked} />
        <label className={styles.checkRow}>
          <input
            type="checkbox"
            checked={draft.isCommentsAllowed}
            onChange={(e) => {
              setDraft((d) => ({ ...d, isCommentsAllowed: e.target.checked }));
            }}
          />
          {t('pinBuilder.allowComments')}
        </label>
        {error !== null && !shownElsewhere && (
          <p role="alert" className={styles.statusError}>
            {errorMessage(t, error)}
          </p>
        )}
        <div className={styles.actions}>
          {!choice && <p className={styles.dropHint}>{t('pinBuilder.needBoard')}</p>}
          <button type="submit" className={styles.primary} disabled={!ready || publishing} aria-disabled={!ready || publishing}>
            {publishing ? t('pinBuilder.publishing') : t('pinBuilder.publish')}
          </button>
        </div>
      </div>
    </form>
  );
}
