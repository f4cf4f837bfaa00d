import { useRef, useState, type SyntheticEvent } from 'react';
import { MAX_FEEDBACK_TEXT } from '../../shared/moderation.ts';
import { postForm } from '../api/http.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { errorMessage } from '../ui/form-messages.ts';
import { FEEDBACK_OPEN, feedbackData, feedbackFailed, feedbackSent, startFeedback, type FeedbackState } from './feedback-state.ts';
import styles from './moderation.module.css';

/** The feedback modal: POST /v3/analytics/feedback/ with feedback_data; its state ends with the modal. */
export function FeedbackModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [state, setState] = useState<FeedbackState>(FEEDBACK_OPEN);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const start = startFeedback(text);
    setState(start.state);
    if (!start.call) return;
    try {
      await postForm('/v3/analytics/feedback/', { feedback_data: feedbackData(text, window.location.pathname) });
      setState(feedbackSent());
    } catch (failure) {
      setState(feedbackFailed(errorMessage(t, failure)));
    }
  };

  if (state.status === 'complete') {
    return (
      <Dialog title={t('feedback.title')} onClose={onClose} dialogRef={dialog} size="small">
        <p data-feedback-sent="">{t('feedback.thanks')}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} data-autofocus="" onClick={() => dialog.current?.close()}>
            {t('feedback.done')}
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={t('feedback.title')} onClose={onClose} dialogRef={dialog}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="feedback-text">{t('feedback.label')}</label>
        <textarea
          id="feedback-text"
          className={styles.textarea}
          data-autofocus=""
          maxLength={MAX_FEEDBACK_TEXT}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
          }}
        />
        {state.status === 'failed' && (
          <p className={styles.error} role="alert">
            {state.error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => dialog.current?.close()}>
            {t('feedback.cancel')}
          </button>
          <button type="submit" className={styles.primary} disabled={state.status === 'submitting'}>
            {t('feedback.send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
