import { useId, type ChangeEvent } from 'react';
import { TextField } from '../ui/TextField.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PIN_ALT_TEXT_MAX, PIN_DESCRIPTION_MAX, PIN_LINK_MAX, PIN_TITLE_MAX } from './pin-limits.ts';
import styles from './PinTextFields.module.css';

export type PinTexts = { title: string; description: string; link: string; alt_text: string };
export type PinTextErrors = Partial<Record<keyof PinTexts, string | null>>;

export const EMPTY_PIN_TEXTS: PinTexts = { title: '', description: '', link: '', alt_text: '' };

type AreaProps = { label: string; value: string; max: number; placeholder: string; error?: string | null | undefined; onChange: (value: string) => void };

/** A labelled textarea with a character count, its error tied to it for assistive technology. */
function TextAreaField({ label, value, max, placeholder, error, onChange }: AreaProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.area}
        value={value}
        maxLength={max}
        placeholder={placeholder}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(e: ChangeEvent<HTMLTextAreaElement>) => {
          onChange(e.target.value);
        }}
      />
      <p id={`${id}-count`} className={styles.count}>
        {t('pinBuilder.charactersLeft', { count: max - value.length })}
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Title, description, link and alt text with the server's limits; used to create and to edit a pin. */
export function PinTextFields({ values, errors, onChange }: { values: PinTexts; errors: PinTextErrors; onChange: (values: PinTexts) => void }) {
  const { t } = useTranslation();
  const set = (field: keyof PinTexts) => (value: string) => {
    onChange({ ...values, [field]: value });
  };
  return (
    <>
      <TextField
        label={t('pinBuilder.title')}
        name="title"
        value={values.title}
        maxLength={PIN_TITLE_MAX}
        placeholder={t('pinBuilder.titlePlaceholder')}
        autoComplete="off"
        error={errors.title ?? null}
        onChange={(e) => {
          set('title')(e.target.value);
        }}
      />
      <TextAreaField
        label={t('pinBuilder.description')}
        value={values.description}
        max={PIN_DESCRIPTION_MAX}
        placeholder={t('pinBuilder.descriptionPlaceholder')}
        error={errors.description}
        onChange={set('description')}
      />
      <TextField
        label={t('pinBuilder.link')}
        name="link"
        type="url"
        inputMode="url"
        value={values.link}
        maxLength={PIN_LINK_MAX}
        placeholder={t('pinBuilder.linkPlaceholder')}
        autoComplete="off"
        error={errors.link ?? null}
        onChange={(e) => {
          set('link')(e.target.value);
        }}
      />
      <TextAreaField
        label={t('pinBuilder.altText')}
        value={values.alt_text}
        max={PIN_ALT_TEXT_MAX}
        placeholder={t('pinBuilder.altTextPlaceholder')}
        error={errors.alt_text}
        onChange={set('alt_text')}
      />
    </>
  );
}
