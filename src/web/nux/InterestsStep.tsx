import { useState } from 'react';
import { NUX_INTERESTS_MAX, interestsMinimum, interestsReady } from '../../shared/nux.ts';
import { useResource } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PageStatus } from '../ui/PageStatus.tsx';
import type { StepProps } from './NuxPage.tsx';
import { nuxInterestsRequest } from './requests.ts';
import { StepActions } from './StepActions.tsx';
import styles from './Nux.module.css';

/** The picture collage: each topic a toggle; Next waits for the minimum. */
export function InterestsStep({ state, busy, error, onAnswer, onBack }: StepProps) {
  const { t } = useTranslation();
  const collage = useResource(nuxInterestsRequest());
  const [chosen, setChosen] = useState<string[]>(state.interest_ids);
  const toggle = (id: string) => {
    setChosen((now) => (now.includes(id) ? now.filter((c) => c !== id) : now.length < NUX_INTERESTS_MAX ? [...now, id] : now));
  };
  const available = collage.status === 'ready' ? collage.data.length : 0;
  const minimum = interestsMinimum(available);
  const left = minimum - chosen.length;
  return (
    <>
      <h1 id="nux-heading" className={styles.heading}>
        {t('nux.interestsHeading')}
      </h1>
      <p className={styles.intro}>{t('nux.interestsIntro', { count: minimum })}</p>
      {collage.status !== 'ready' ? (
        <PageStatus state={collage} />
      ) : collage.data.length === 0 ? (
        <p className={styles.intro}>{t('nux.noInterests')}</p>
      ) : (
        <ul className={styles.collage} aria-label={t('nux.interestsHeading')}>
          {collage.data.map((interest) => {
            const on = chosen.includes(interest.id);
            return (
              <li key={interest.id}>
                <button
                  type="button"
                  className={on ? styles.tileOn : styles.tile}
                  aria-pressed={on}
                  onClick={() => {
                    toggle(interest.id);
                  }}
                  style={{ backgroundColor: interest.dominant_color ?? undefined }}
                >
                  <img src={interest.image_url} alt="" loading="lazy" className={styles.tileImage} />
                  <span className={styles.tileName}>{interest.name}</span>
                  {on && (
                    <span className={styles.check} aria-hidden="true">
                      ✓
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <StepActions
        sticky
        busy={busy}
        error={error}
        onBack={onBack}
        nextLabel={t('nux.next')}
        disabled={collage.status !== 'ready' || !interestsReady(chosen.length, available)}
        hint={left > 0 ? t('nux.pickMore', { count: left }) : t('nux.picked', { count: chosen.length })}
        onNext={() => {
          onAnswer({ step: 'interests', interest_ids: chosen });
        }}
      />
    </>
  );
}
