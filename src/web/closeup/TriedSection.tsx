import { useId } from 'react';
import { loginPathFor } from '../../shared/next-location.ts';
import { useViewer } from '../app/context.ts';
import { useFeed, useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import type { PinJson } from '../pins/types.ts';
import { useRouter } from '../router/Router.tsx';
import { pinDidItsRequest } from '../tried/requests.ts';
import { TriedDialog } from '../tried/TriedDialog.tsx';
import { TriedList } from '../tried/TriedList.tsx';
import styles from '../tried/tried.module.css';
import { useDialog } from '../ui/useDialog.ts';
import { pinRequest } from './closeup-query.ts';

/**
 * The closeup's "Tried it": how many members tried the pin and how many showed a photo (the
 * pin's didItData), their tried-its, and for a member who has not tried it yet, the dialog to add one.
 */
export function TriedSection({ pin }: { pin: PinJson }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { view } = useRouter();
  const store = useResourceStore();
  const feed = useFeed(pinDidItsRequest(pin.id));
  const adding = useDialog();
  const id = useId();
  const counts = pin.aggregated_pin_data?.did_it_data ?? { user_count: 0, images_count: 0 };
  const triedByMe = pin.done_by_me === true || feed.items.some((item) => item.user.id === viewer?.id);
  const changed = async () => {
    await Promise.all([feed.refresh(), store.refresh(pinRequest(pin.id))]);
  };
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        {t('tried.title')}
      </h2>
      <p className={styles.summary}>
        {counts.user_count > 0 ? `${t('tried.count', { count: counts.user_count })} · ${t('tried.photos', { count: counts.images_count })}` : t('tried.none')}
      </p>
      {viewer ? (
        !triedByMe && (
          <button
            type="button"
            className={styles.add}
            onClick={() => {
              adding.open(true);
            }}
          >
            {t('tried.add')}
          </button>
        )
      ) : (
        <a className={styles.add} href={loginPathFor(view.location.pathname)}>
          {t('tried.logInToAdd')}
        </a>
      )}
      {feed.items.length > 0 && <TriedList feed={feed} label={t('tried.listLabel')} onChanged={changed} />}
      {adding.shown && <TriedDialog key={adding.shown.key} pinId={pin.id} existing={null} onSaved={changed} onClose={adding.shown.onClose} />}
    </section>
  );
}
