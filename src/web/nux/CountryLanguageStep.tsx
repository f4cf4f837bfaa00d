import { useMemo, useState } from 'react';
import { LOCALES, type Locale } from '../../shared/constants.ts';
import { COUNTRY_CODES } from '../../shared/nux.ts';
import { useApp } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { ChoiceSelect } from '../ui/ChoiceSelect.tsx';
import type { StepProps } from './NuxPage.tsx';
import { StepActions } from './StepActions.tsx';
import styles from './Nux.module.css';

/** Names in the page's language, from the browser's (and Node's) Intl data. */
function useNames() {
  const { bootstrap } = useApp();
  const lang = bootstrap.locale.replace('_', '-');
  return useMemo(() => {
    const regions = new Intl.DisplayNames([lang], { type: 'region' });
    const languages = new Intl.DisplayNames([lang], { type: 'language', languageDisplay: 'standard' });
    const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, lang);
    return {
      countries: COUNTRY_CODES.map((code) => ({ value: code, label: regions.of(code) ?? code })).sort(byName),
      locales: LOCALES.map((locale) => ({ value: locale, label: languages.of(locale.replace('_', '-')) ?? locale })).sort(byName),
    };
  }, [lang]);
}

export function CountryLanguageStep({ state, busy, error, onAnswer, onBack }: StepProps) {
  const { t } = useTranslation();
  const names = useNames();
  const [country, setCountry] = useState(state.country);
  const [locale, setLocale] = useState<Locale>((LOCALES as readonly string[]).includes(state.locale) ? (state.locale as Locale) : 'en_US');
  return (
    <>
      <h1 id="nux-heading" className={styles.heading}>
        {t('nux.countryHeading')}
      </h1>
      <p className={styles.intro}>{t('nux.countryIntro')}</p>
      <div className={styles.fields}>
        <ChoiceSelect label={t('nux.country')} value={country} choices={names.countries} onChange={setCountry} />
        <ChoiceSelect label={t('nux.language')} value={locale} choices={names.locales} onChange={setLocale} />
      </div>
      <StepActions
        busy={busy}
        error={error}
        onBack={onBack}
        nextLabel={t('nux.next')}
        onNext={() => {
          onAnswer({ step: 'country_language', country, locale });
        }}
      />
    </>
  );
}
