import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import type { StepProps } from './NuxPage.tsx';
import { StepActions } from './StepActions.tsx';
import styles from './Nux.module.css';

export function WelcomeStep({ busy, error, onAnswer }: StepProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const name = viewer?.first_name || viewer?.username || '';
  return (
    <>
      <h1 id="nux-heading" className={styles.heading}>
        {name ? t('nux.welcomeNamed', { name }) : t('nux.welcome')}
      </h1>
      <p className={styles.intro}>{t('nux.welcomeIntro')}</p>
      <StepActions
        busy={busy}
        error={error}
        onBack={null}
        nextLabel={t('nux.start')}
        onNext={() => {
          onAnswer({ step: 'welcome' });
        }}
      />
    </>
  );
}
