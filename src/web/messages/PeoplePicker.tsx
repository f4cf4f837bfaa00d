import { useEffect, useId, useState } from 'react';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import { getResource } from '../api/resources.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import styles from './Messages.module.css';

/**
 * People to send to, by name or username (ShareSuggestionsResource, suggestion_type=share, groups
 * left out): recent conversations first until something is typed. Each is a checkbox.
 */
export function PeoplePicker({ picked, onChange }: { picked: readonly UserCard[]; onChange: (people: UserCard[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [people, setPeople] = useState<UserCard[] | 'error' | null>(null);

  useEffect(() => {
    let live = true;
    const q = query.trim();
    getResource('ShareSuggestionsResource', { suggestion_type: 'share', hide_group_conversations: true, ...(q ? { query: q } : {}) }).then(
      (found) => {
        if (live) setPeople(found);
      },
      () => {
        if (live) setPeople('error');
      },
    );
    return () => {
      live = false;
    };
  }, [query]);

  const isPicked = (person: UserCard) => picked.some((p) => p.id === person.id);
  const toggle = (person: UserCard) => {
    onChange(isPicked(person) ? picked.filter((p) => p.id !== person.id) : [...picked, person]);
  };
  // The people picked stay listed while the search changes, so they can be unpicked.
  const shown = people === 'error' || people === null ? [...picked] : [...picked, ...people.filter((p) => !isPicked(p))];
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.label}>
        {t('messages.to')}
      </label>
      <input
        id={id}
        className={styles.input}
        type="search"
        autoComplete="off"
        maxLength={100}
        placeholder={t('messages.searchPeople')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
        }}
      />
      {people === 'error' && <p className={styles.empty}>{t('messages.loadFailed')}</p>}
      {people !== null && people !== 'error' && shown.length === 0 && <p className={styles.empty}>{t('messages.noPeople')}</p>}
      <ul className={styles.people} aria-label={t('messages.peopleLabel')}>
        {shown.map((person) => (
          <li key={person.id}>
            <label className={styles.person} data-testid="share-person">
              <input
                type="checkbox"
                checked={isPicked(person)}
                onChange={() => {
                  toggle(person);
                }}
              />
              <Avatar user={person} size={32} />
              <span className={styles.itemText}>
                <span className={styles.itemName}>{person.full_name || person.username}</span>
                <span className={styles.itemLast}>@{person.username}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
