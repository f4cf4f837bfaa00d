import type { PrivacySettings } from '../../shared/contracts/settings.ts';
import { useUpdateViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { SwitchField } from './fields.tsx';
import { AreaContent, checked, SettingsForm } from './SettingsForm.tsx';
import { useSettingsArea } from './useSettingsArea.ts';
import styles from './settings.module.css';

const SWITCHES = ['is_private_profile', 'exclude_from_search', 'allow_personalization_cookies', 'allow_analytic_cookies', 'allow_marketing_cookies'] as const;

function PrivacyFields({ settings }: { settings: PrivacySettings }) {
  const { t } = useTranslation();
  return (
    <>
      <SwitchField
        name="is_private_profile"
        label={t('privacySettings.privateProfile')}
        hint={t('privacySettings.privateProfileHint')}
        defaultChecked={settings.is_private_profile}
      />
      <SwitchField
        name="exclude_from_search"
        label={t('privacySettings.searchIndexing')}
        hint={t('privacySettings.searchIndexingHint')}
        defaultChecked={settings.exclude_from_search}
      />
      <h2 className={styles.subtitle}>{t('privacySettings.consents')}</h2>
      <SwitchField name="allow_personalization_cookies" label={t('privacySettings.personalization')} defaultChecked={settings.allow_personalization_cookies} />
      <SwitchField name="allow_analytic_cookies" label={t('privacySettings.analytics')} defaultChecked={settings.allow_analytic_cookies} />
      <SwitchField name="allow_marketing_cookies" label={t('privacySettings.marketing')} defaultChecked={settings.allow_marketing_cookies} />
    </>
  );
}

/** Private profile, search-engine indexing and the three consents (PrivacySettingsResource). */
export function PrivacySettingsForm() {
  const { loaded, save, update } = useSettingsArea('PrivacySettingsResource');
  const updateViewer = useUpdateViewer();
  const onSave = async (form: HTMLFormElement) => {
    const saved = await update(Object.fromEntries(SWITCHES.map((name) => [name, checked(form, name)])));
    if (saved) {
      const { exclude_from_search: _searchEngines, ...viewerFields } = saved;
      updateViewer(viewerFields);
    }
  };
  return (
    <AreaContent state={loaded}>
      {(settings) => (
        <SettingsForm save={save} onSave={(form) => void onSave(form)}>
          <PrivacyFields settings={settings} />
        </SettingsForm>
      )}
    </AreaContent>
  );
}
