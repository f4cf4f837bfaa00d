import { useState } from 'react';
import { callResource } from '../api/http.ts';
import type { FeedState } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useDialog } from '../ui/useDialog.ts';
import type { DidItJson } from '../../shared/contracts/did-its.ts';
import { DidItCard } from './DidItCard.tsx';
import { TriedDialog } from './TriedDialog.tsx';
import styles from './tried.module.css';

type Props = {
  feed: FeedState<DidItJson>;
  label: string;
  /** On a profile's Tried tab each tried-it links its pin. */
  showPins?: boolean;
  /** After the member's own tried-it changed: what else shows it reads again. */
  onChanged: () => Promise<void>;
};

/** A list of tried-its, paged by "Show more", with the member's own edit and delete dialogs. */
export function TriedList({ feed, label, showPins = false, onChanged }: Props) {
  const { t } = useTranslation();
  const editing = useDialog<DidItJson>();
  const deleting = useDialog<DidItJson>();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const items = feed.items.filter((item) => !removed.has(item.id));
  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {items.map((item) => (
          <DidItCard key={item.id} item={item} showPin={showPins} onEdit={editing.open} onDelete={deleting.open} />
        ))}
      </ul>
      {!feed.atEnd && feed.status === 'ready' && (
        <button type="button" className={styles.more} disabled={feed.fetching} onClick={feed.loadMore}>
          {t('tried.more')}
        </button>
      )}
      {editing.shown && (
        <TriedDialog
          key={editing.shown.key}
          pinId={editing.shown.value.pin_id}
          existing={editing.shown.value}
          onSaved={onChanged}
          onClose={editing.shown.onClose}
        />
      )}
      {deleting.shown && (
        <ConfirmDialog
          key={deleting.shown.key}
          title={t('tried.deleteTitle')}
          body={t('tried.deleteBody')}
          confirmLabel={t('tried.delete')}
          onConfirm={async () => {
            const item = deleting.shown?.value;
            if (!item) return;
            await callResource('UserDidItDataResource', 'delete', { id: item.id });
            setRemoved((before) => new Set([...before, item.id]));
            await onChanged();
          }}
          onClose={deleting.shown.onClose}
        />
      )}
    </>
  );
}
