import { useId, useState, type SyntheticEvent } from 'react';
import { ABOUT_MAX } from '../../shared/settings.ts';
import { NAME_MAX_LENGTH } from '../../shared/validation/signup.ts';
import { callResource } from '../api/http.ts';
import { useUpdateViewer } from '../app/context.ts';
import { TextField } from '../ui/TextField.tsx';
import { formText } from '../ui/form-messages.ts';
import { useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useMediaUpload } from '../pin-builder/useMediaUpload.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { profileRequest } from '../profile/tabs.ts';
import { settingsError } from './errors.ts';
import styles from './settings.module.css';
import fieldStyles from '../ui/TextField.module.css';
import type { ProfileJson } from '../../shared/contracts/social.ts';

/** Photo, first and last name, about and website of the viewer's own profile (UserResource update). */
export function ProfileForm({ profile }: { profile: ProfileJson }) {
  const { t } = useTranslation();
  const id = useId();
  const store = useResourceStore();
  const updateViewer = useUpdateViewer();
  // A chosen picture is uploaded at once and followed until processed, so Save names a ready one.
  const { state: photo, choose } = useMediaUpload();
  const [status, setStatus] = useState<{ saved: boolean; error: string | null }>({ saved: false, error: null });
  const [busy, setBusy] = useState(false);
  const uploading = photo.phase === 'uploading' || photo.phase === 'processing';
  const photoFailed = photo.phase === 'failed' || (photo.phase === 'empty' && photo.problem !== null);
  const readyMediaId = photo.phase === 'ready' ? photo.media?.id : undefined;

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setStatus({ saved: false, error: null });
    try {
      const saved = await callResource('UserResource', 'update', {
        first_name: formText(data, 'first_name'),
        last_name: formText(data, 'last_name'),
        about: formText(data, 'about'),
        website_url: formText(data, 'website_url'),
        ...(readyMediaId ? { image_media_id: readyMediaId } : {}),
      });
      const { full_name, first_name, last_name, image_small_url, image_medium_url, image_large_url } = saved;
      updateViewer({ full_name, first_name, last_name, image_small_url, image_medium_url, image_large_url });
      // Read again in place (the form stays): the profile page shows the new picture and name.
      void store.refresh(profileRequest(profile.username));
      setStatus({ saved: true, error: null });
    } catch (failure) {
      setStatus({ saved: false, error: settingsError(t, failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className={styles.photo} role="group" aria-label={t('profileEdit.photo')}>
        {photo.phase !== 'empty' ? (
          <img className={styles.photoPreview} src={photo.previewUrl} alt="" width={96} height={96} />
        ) : (
          <Avatar user={profile} size={96} />
        )}
        <label className={styles.secondary}>
          {t('profileEdit.changePhoto')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            className={styles.fileInput}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) choose(file);
            }}
          />
        </label>
      </div>
      {photoFailed && (
        <p role="alert" className={fieldStyles.error}>
          {t('profileEdit.photoFailed')}
        </p>
      )}
      <TextField label={t('profileEdit.firstName')} name="first_name" autoComplete="given-name" maxLength={NAME_MAX_LENGTH} defaultValue={profile.first_name} />
      <TextField label={t('profileEdit.lastName')} name="last_name" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} defaultValue={profile.last_name} />
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-about`} className={fieldStyles.label}>
          {t('profileEdit.about')}
        </label>
        <textarea
          id={`${id}-about`}
          name="about"
          className={styles.textarea}
          rows={4}
          maxLength={ABOUT_MAX}
          placeholder={t('profileEdit.aboutPlaceholder')}
          defaultValue={profile.about}
        />
      </div>
      <TextField
        label={t('profileEdit.website')}
        name="website_url"
        type="url"
        dir="ltr"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        defaultValue={profile.website_url ?? ''}
      />
      {status.error && (
        <p role="alert" className={fieldStyles.error}>
          {status.error}
        </p>
      )}
      {status.saved && <p role="status">{t('profileEdit.saved')}</p>}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy || uploading}>
          {busy || uploading ? t('profileEdit.saving') : t('profileEdit.submit')}
        </button>
      </div>
    </form>
  );
}
