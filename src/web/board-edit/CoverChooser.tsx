import { useFeed } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './CoverChooser.module.css';

type Props = { boardId: string; value: string | null; onChange: (pinId: string | null) => void };

/** The board's cover: one of its pins (the first page of its feed), or the newest pin ("Automatic"). */
export function CoverChooser({ boardId, value, onChange }: Props) {
  const { t } = useTranslation();
  const feed = useFeed({ name: 'BoardFeedResource', options: { board_id: boardId } });
  const pins = feed.items.filter((p) => p.images?.['236x'] ?? p.images?.['60x60']);
  if (feed.status === 'ready' && pins.length === 0) return null;
  return (
    <fieldset className={styles.cover}>
      <legend className={styles.legend}>{t('boardEdit.cover')}</legend>
      <div className={styles.grid}>
        <label className={value === null ? `${styles.option} ${styles.picked}` : styles.option}>
          <input
            type="radio"
            name={`cover-${boardId}`}
            className="visually-hidden"
            checked={value === null}
            onChange={() => {
              onChange(null);
            }}
          />
          <span className={styles.auto}>{t('boardEdit.coverAutomatic')}</span>
        </label>
        {pins.map((pin) => {
          const image = pin.images?.['236x'] ?? pin.images?.['60x60'];
          return (
            <label key={pin.id} className={value === pin.id ? `${styles.option} ${styles.picked}` : styles.option}>
              <input
                type="radio"
                name={`cover-${boardId}`}
                className="visually-hidden"
                checked={value === pin.id}
                onChange={() => {
                  onChange(pin.id);
                }}
              />
              {image && <img src={image.url} alt={pin.alt_text || pin.title || t('boardEdit.coverPin')} loading="lazy" />}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
