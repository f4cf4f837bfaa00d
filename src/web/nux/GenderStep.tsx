import { useId, useState } from 'react';
import { NUX_GENDERS } from '../../shared/nux.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { TextField } from '../ui/TextField.tsx';
import type { StepProps } from './NuxPage.tsx';
import { StepActions } from './StepActions.tsx';
import styles from './Nux.module.css';

type Gender = (typeof NUX_GENDERS)[number];

function isGender(value: string | null): value is Gender {
  return value !== null && (NUX_GENDERS as readonly string[]).includes(value);
}

/** Optional: Skip answers with no gender; a custom one is described in the member's words. */
export function GenderStep({ state, busy, error, onAnswer, onBack }: StepProps) {
  const { t } = useTranslation();
  const name = useId();
  const [gender, setGender] = useState<Gender | null>(isGender(state.gender) ? state.gender : null);
  const [custom, setCustom] = useState(state.custom_gender ?? '');
  const labels: Record<Gender, string> = { female: t('nux.female'), male: t('nux.male'), custom: t('nux.custom'), unspecified: t('nux.unspecified') };
  return (
    <>
      <h1 id="nux-heading" className={styles.heading}>
        {t('nux.genderHeading')}
      </h1>
      <p className={styles.intro}>{t('nux.genderIntro')}</p>
      <fieldset className={styles.fields}>
        <legend className={styles.visuallyHidden}>{t('nux.genderHeading')}</legend>
        {NUX_GENDERS.map((value) => (
          <label key={value} className={styles.radio}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={gender === value}
              onChange={() => {
                setGender(value);
              }}
            />
            {labels[value]}
          </label>
        ))}
        {gender === 'custom' && (
          <TextField
            label={t('nux.customLabel')}
            name="custom_gender"
            maxLength={60}
            value={custom}
            onChange={(e) => {
              setCustom(e.target.value);
            }}
          />
        )}
      </fieldset>
      <div className={styles.skipRow}>
        <button
          type="button"
          className={styles.skip}
          disabled={busy}
          onClick={() => {
            onAnswer({ step: 'gender', gender: null });
          }}
        >
          {t('nux.skip')}
        </button>
      </div>
      <StepActions
        busy={busy}
        error={error}
        onBack={onBack}
        nextLabel={t('nux.finish')}
        disabled={gender === null || (gender === 'custom' && custom.trim() === '')}
        onNext={() => {
          onAnswer({ step: 'gender', gender, custom_gender: gender === 'custom' ? custom.trim() : undefined });
        }}
      />
    </>
  );
}
