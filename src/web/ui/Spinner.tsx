import styles from './Spinner.module.css';

/** A spinning ring; `label` is what assistive technology announces. */
export function Spinner({ label, size = 40 }: { label: string; size?: number }) {
  return (
    <div role="status" aria-label={label} className={styles.spinner} style={{ inlineSize: size, blockSize: size }}>
      <span className={styles.ring} aria-hidden="true" />
    </div>
  );
}
