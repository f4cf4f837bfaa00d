import { useId } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './SecretToggle.module.css';

/** "Keep this board secret": a switch with its explanation. */
export function SecretToggle({ checked, onChange }: { checked: boolean; onChange: (secret: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.toggle}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          onChange(e.target.checked);
        }}
      />
      <div>
        <label htmlFor={id} className={styles.label}>
          {t('boardEdit.secret')}
        </label>
        <p id={`${id}-hint`} className={styles.hint}>
          {t('boardEdit.secretHint')}
        </p>
      </div>
    </div>
  );
}
