import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { INTERACTION_AUDIENCES, type InteractionAudience } from '../../shared/member-settings.ts';
import fieldStyles from '../ui/TextField.module.css';
import styles from './fields.module.css';

/** An on/off choice: a checkbox announced as a switch, its whole row the touch target. */
export function SwitchField({ name, label, hint, defaultChecked }: { name: string; label: string; hint?: string; defaultChecked: boolean }) {
  const hintId = useId();
  return (
    <div className={styles.switchRow}>
      <label className={styles.switchLabel}>
        <input
          type="checkbox"
          role="switch"
          name={name}
          defaultChecked={defaultChecked}
          className={styles.switch}
          aria-describedby={hint ? hintId : undefined}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | null; children: ReactNode };

/** A labelled native select, with its error tied to it. */
export function SelectField({ label, error, children, ...select }: SelectProps) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        id={id}
        className={`${fieldStyles.input} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Who may reach the member one way: everyone, people they follow, nobody. */
export function AudienceField({ name, legend, defaultValue }: { name: string; legend: string; defaultValue: InteractionAudience }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {INTERACTION_AUDIENCES.map((audience) => (
        <label key={audience} className={styles.choice}>
          <input type="radio" name={name} value={audience} defaultChecked={audience === defaultValue} />
          <span>{t(`interactions.${audience}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
