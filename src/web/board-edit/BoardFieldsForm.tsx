import { useId } from 'react';
import { TextField } from '../ui/TextField.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { BOARD_DESCRIPTION_MAX, BOARD_NAME_MAX } from './board-limits.ts';
import { SecretToggle } from './SecretToggle.tsx';
import styles from '../ui/forms.module.css';

export type BoardValues = { name: string; description: string; secret: boolean };

type Props = { values: BoardValues; errors: { name?: string | null; description?: string | null }; onChange: (values: BoardValues) => void };

/** Name, description and the secret switch: the fields of creating and of editing a board. */
export function BoardFieldsForm({ values, errors, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <TextField
        label={t('boardEdit.name')}
        name="name"
        value={values.name}
        maxLength={BOARD_NAME_MAX}
        placeholder={t('boardEdit.namePlaceholder')}
        required
        autoComplete="off"
        data-autofocus=""
        error={errors.name ?? null}
        onChange={(e) => {
          onChange({ ...values, name: e.target.value });
        }}
      />
      <div className={styles.field}>
        <label htmlFor={`${id}-description`} className={styles.label}>
          {t('boardEdit.description')}
        </label>
        <textarea
          id={`${id}-description`}
          className={styles.textarea}
          value={values.description}
          maxLength={BOARD_DESCRIPTION_MAX}
          placeholder={t('boardEdit.descriptionPlaceholder')}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          onChange={(e) => {
            onChange({ ...values, description: e.target.value });
          }}
        />
        {errors.description && (
          <p id={`${id}-description-error`} className={styles.alert}>
            {errors.description}
          </p>
        )}
      </div>
      <SecretToggle
        checked={values.secret}
        onChange={(secret) => {
          onChange({ ...values, secret });
        }}
      />
    </>
  );
}
