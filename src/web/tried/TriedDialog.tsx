import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { callResource } from '../api/http.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { uploadMedia } from '../pin-builder/media-api.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { errorMessage } from '../ui/form-messages.ts';
import forms from '../ui/forms.module.css';
import type { DidItJson } from '../../shared/contracts/did-its.ts';
import { DID_IT_DETAILS_MAX, didItDetails } from '../../shared/did-it.ts';
import styles from './tried.module.css';

type Props = {
  pinId: string;
  /** The member's tried-it to edit; null adds one. */
  existing: DidItJson | null;
  onSaved: () => Promise<void>;
  onClose: () => void;
};

/**
 * "Tried it": a photo (sent through the media upload, then named by the tried-it while it is
 * processed) and a note. Editing keeps the photo unless a new one is chosen or it is removed.
 */
export function TriedDialog({ pinId, existing, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [note, setNote] = useState(existing?.details ?? '');
  const [removePhoto, setRemovePhoto] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (chosen: File | undefined) => {
    setError(null);
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) {
      setError(t('tried.photoOnly'));
      return;
    }
    setFile(chosen);
    setRemovePhoto(false);
    setPreview(URL.createObjectURL(chosen));
  };

  const keepsPhoto = file !== null || (existing?.media_id != null && !removePhoto);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!keepsPhoto && didItDetails(note) === '') {
      setError(t('tried.needsPhotoOrNote'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const mediaId = file ? (await uploadMedia(file, () => undefined).done).id : undefined;
      if (existing) {
        const photo = mediaId !== undefined ? { media_id: mediaId } : removePhoto ? { media_id: null } : {};
        await callResource('UserDidItDataResource', 'update', { id: existing.id, details: note, ...photo });
      } else {
        await callResource('UserDidItDataResource', 'create', {
          pin_id: pinId,
          ...(mediaId === undefined ? {} : { media_id: mediaId }),
          ...(didItDetails(note) === '' ? {} : { details: note }),
        });
      }
      await onSaved();
      dialog.current?.close();
    } catch (failure) {
      setBusy(false);
      setError(errorMessage(t, failure));
    }
  };

  return (
    <Dialog title={existing ? t('tried.editTitle') : t('tried.dialogTitle')} onClose={onClose} dialogRef={dialog}>
      <form className={forms.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={forms.field}>
          <label htmlFor={`${id}-photo`} className={forms.label}>
            {t('tried.photo')}
          </label>
          <input
            id={`${id}-photo`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            data-autofocus=""
            onChange={(event) => {
              choose(event.currentTarget.files?.[0]);
            }}
          />
          <p className={forms.note}>{t('tried.photoHint')}</p>
          {preview && <img className={styles.preview} src={preview} alt={t('tried.previewAlt')} />}
          {!file && existing?.media_id != null && (
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={removePhoto}
                onChange={(event) => {
                  setRemovePhoto(event.currentTarget.checked);
                }}
              />
              {t('tried.removePhoto')}
            </label>
          )}
        </div>
        <div className={forms.field}>
          <label htmlFor={`${id}-note`} className={forms.label}>
            {t('tried.note')}
          </label>
          <textarea
            id={`${id}-note`}
            className={forms.textarea}
            value={note}
            maxLength={DID_IT_DETAILS_MAX}
            rows={4}
            placeholder={t('tried.notePlaceholder')}
            onChange={(event) => {
              setNote(event.currentTarget.value);
            }}
          />
        </div>
        {error !== null && (
          <p role="alert" className={forms.alert}>
            {error}
          </p>
        )}
        <div className={forms.actions}>
          <button
            type="button"
            className={forms.secondary}
            onClick={() => {
              dialog.current?.close();
            }}
          >
            {t('tried.cancel')}
          </button>
          <button type="submit" className={forms.primary} disabled={busy}>
            {busy ? t('tried.saving') : t('tried.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
