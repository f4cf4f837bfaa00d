import { useMemo, useState, useSyncExternalStore } from 'react';
import type { AccountSettings, AccountSettingsChange } from '../../shared/contracts/settings.ts';
import { LOCALES } from '../../shared/constants.ts';
import { COUNTRY_CODES, CUSTOM_GENDER_MAX_LENGTH } from '../../shared/member-settings.ts';
import { SETTINGS_PATHS } from '../../shared/settings.ts';
import { GENDERS } from '../../shared/validation/signup.ts';
import { usernameProblem } from '../../shared/validation/username.ts';
import { useUpdateViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { formText } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import { SelectField } from './fields.tsx';
import { AreaContent, SettingsForm } from './SettingsForm.tsx';
import { useSettingsArea } from './useSettingsArea.ts';
import styles from './settings.module.css';

type Gender = (typeof GENDERS)[number];

/**
 * Names in the page's language, sorted as its readers sort. The server's and the browser's Intl
 * data differ, so the server renders only the chosen entry and the browser the whole list once
 * it runs: the page hydrates without a mismatch.
 */
function useDisplayNames(type: 'region' | 'language', codes: readonly string[], toTag: (code: string) => string, chosen: string) {
  const { i18n } = useTranslation();
  const language = i18n.language.replace('_', '-');
  // False while hydrating (the server's snapshot), true in the browser from then on.
  const running = useSyncExternalStore(noChanges, inBrowser, onServer);
  return useMemo(() => {
    const names = new Intl.DisplayNames([language, 'en'], { type });
    const shown = running ? codes : codes.filter((code) => code === chosen);
    return shown.map((code) => ({ code, name: names.of(toTag(code)) ?? code })).sort((a, b) => a.name.localeCompare(b.name, language));
  }, [chosen, codes, language, running, toTag, type]);
}

const noChanges = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

const asRegion = (code: string) => code;
const asLanguage = (code: string) => code.replace('_', '-');

function changeOf(form: HTMLFormElement, current: AccountSettings): AccountSettingsChange {
  const data = new FormData(form);
  const change: AccountSettingsChange = {};
  const username = formText(data, 'username').trim().toLowerCase();
  if (username !== current.username) change.username = username;
  change.country = formText(data, 'country');
  change.locale = formText(data, 'locale') as AccountSettingsChange['locale'];
  const gender = formText(data, 'gender');
  if (gender !== '') change.gender = gender as Gender;
  if (gender === 'custom') change.custom_gender = formText(data, 'custom_gender');
  return change;
}

function AccountFields({ settings, usernameError }: { settings: AccountSettings; usernameError: string | null }) {
  const { t } = useTranslation();
  const countries = useDisplayNames('region', COUNTRY_CODES, asRegion, settings.country);
  const languages = useDisplayNames('language', LOCALES, asLanguage, settings.locale);
  const [gender, setGender] = useState<string>(settings.gender ?? '');
  return (
    <>
      <TextField
        label={t('accountSettings.username')}
        name="username"
        defaultValue={settings.username}
        autoComplete="username"
        required
        hint={t('accountSettings.usernameHint', { username: settings.username })}
        error={usernameError}
      />
      <div className={styles.emailRow}>
        <p>
          {t('accountSettings.email')}: <strong>{settings.email}</strong>
        </p>
        <a href={SETTINGS_PATHS.email} className={styles.secondary}>
          {t('accountSettings.changeEmail')}
        </a>
      </div>
      <SelectField label={t('accountSettings.country')} name="country" defaultValue={settings.country} autoComplete="country">
        {countries.map(({ code, name }) => (
          <option key={code} value={code} suppressHydrationWarning>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('accountSettings.language')} name="locale" defaultValue={settings.locale}>
        {languages.map(({ code, name }) => (
          <option key={code} value={code} suppressHydrationWarning>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('accountSettings.gender')}
        name="gender"
        value={gender}
        onChange={(e) => {
          setGender(e.target.value);
        }}
      >
        {settings.gender === null && <option value="">{t('accountSettings.gender.none')}</option>}
        {GENDERS.map((choice) => (
          <option key={choice} value={choice}>
            {t(`accountSettings.gender.${choice}`)}
          </option>
        ))}
      </SelectField>
      {gender === 'custom' && (
        <TextField
          label={t('accountSettings.customGender')}
          name="custom_gender"
          defaultValue={settings.custom_gender ?? ''}
          maxLength={CUSTOM_GENDER_MAX_LENGTH}
          required
        />
      )}
    </>
  );
}

/** Username, country, language and gender (AccountSettingsResource); the username is checked as at sign-up. */
export function AccountSettingsForm() {
  const { loaded, save, update } = useSettingsArea('AccountSettingsResource');
  const updateViewer = useUpdateViewer();
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const onSave = async (form: HTMLFormElement, current: AccountSettings) => {
    const change = changeOf(form, current);
    const problem = change.username === undefined ? null : usernameProblem(change.username);
    setUsernameError(problem);
    if (problem) {
      (form.elements.namedItem('username') as HTMLInputElement | null)?.focus();
      return;
    }
    const saved = await update(change);
    if (!saved) return;
    // The page's texts come with its render: a new language shows once the page loads again in it.
    if (saved.locale !== current.locale) {
      window.location.reload();
      return;
    }
    updateViewer({ username: saved.username, country: saved.country, locale: saved.locale, gender: saved.gender, custom_gender: saved.custom_gender });
  };
  return (
    <AreaContent state={loaded}>
      {(settings) => (
        <SettingsForm save={save} onSave={(form) => void onSave(form, settings)}>
          <AccountFields key={settings.username} settings={settings} usernameError={usernameError} />
        </SettingsForm>
      )}
    </AreaContent>
  );
}
