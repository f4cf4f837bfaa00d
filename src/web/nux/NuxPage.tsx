import { useState } from 'react';
import type { NuxAnswer, NuxState } from '../../shared/contracts/nux.ts';
import { NUX_STEPS, nextNuxStep, previousNuxStep, type NuxStep } from '../../shared/nux.ts';
import { callResource } from '../api/http.ts';
import { useResource } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { errorMessage } from '../ui/form-messages.ts';
import { useLoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { PageStatus } from '../ui/PageStatus.tsx';
import { CountryLanguageStep } from './CountryLanguageStep.tsx';
import { GenderStep } from './GenderStep.tsx';
import { InterestsStep } from './InterestsStep.tsx';
import { nuxRequest } from './requests.ts';
import { WelcomeStep } from './WelcomeStep.tsx';
import styles from './Nux.module.css';

/** What each step hands the page: save this answer, or go Back. */
export type StepProps = { state: NuxState; busy: boolean; error: string | null; onAnswer: (answer: NuxAnswer) => void; onBack: (() => void) | null };

/**
 * Onboarding after sign-up (business spec section 2): welcome, interests, country and language,
 * gender. Each answer is saved before the next step shows; the last one opens the home feed,
 * built from the interests just chosen.
 */
export function NuxPage() {
  const loaded = useResource(nuxRequest());
  if (loaded.status !== 'ready') return <PageStatus state={loaded} />;
  return <NuxSteps initial={loaded.data} />;
}

function NuxSteps({ initial }: { initial: NuxState }) {
  const { t } = useTranslation();
  const { setLoading } = useLoadingOverlay();
  const [state, setState] = useState(initial);
  const [step, setStep] = useState<NuxStep>(initial.step);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onAnswer = async (answer: NuxAnswer) => {
    setBusy(true);
    setError(null);
    try {
      const next = await callResource('NuxResource', 'update', answer);
      setState(next);
      if (next.completed) {
        setLoading(true);
        window.location.assign('/');
        return;
      }
      setStep(nextNuxStep(answer.step) ?? next.step);
    } catch (failure) {
      setError(errorMessage(t, failure));
    }
    setBusy(false);
  };
  const previous = previousNuxStep(step);
  const props: StepProps = {
    state,
    busy,
    error,
    onAnswer: (answer) => void onAnswer(answer),
    onBack: previous
      ? () => {
          setError(null);
          setStep(previous);
        }
      : null,
  };
  const at = NUX_STEPS.indexOf(step) + 1;
  return (
    <section className={styles.page} aria-labelledby="nux-heading">
      <p className={styles.progress}>
        <span className={styles.visuallyHidden}>{t('nux.progress', { step: at, steps: NUX_STEPS.length })}</span>
        <span className={styles.dots} aria-hidden="true">
          {NUX_STEPS.map((s, i) => (
            <span key={s} className={i < at ? styles.dotDone : styles.dot} />
          ))}
        </span>
      </p>
      {step === 'welcome' && <WelcomeStep {...props} />}
      {step === 'interests' && <InterestsStep {...props} />}
      {step === 'country_language' && <CountryLanguageStep {...props} />}
      {step === 'gender' && <GenderStep {...props} />}
    </section>
  );
}
