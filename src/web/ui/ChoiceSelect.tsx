import { useId } from 'react';
import styles from './ChoiceSelect.module.css';

type Props<T extends string> = { label: string; value: T; choices: readonly { value: T; label: string }[]; onChange: (value: T) => void };

/** A labelled native select: keyboard and screen-reader behaviour come with it. */
export function ChoiceSelect<T extends string>({ label, value, choices, onChange }: Props<T>) {
  const id = useId();
  return (
    <div className={styles.choice}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => {
          const chosen = choices.find((choice) => choice.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
