import { MessagesAllowFrom } from '../../shared/contracts/messages.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { AudienceField } from './fields.tsx';
import { AreaContent, SettingsForm } from './SettingsForm.tsx';
import { useSettingsArea } from './useSettingsArea.ts';

/**
 * Who may message the member (MessageSettingsResource, the choice the messages service applies;
 * docs/decisions/0049): everyone (someone the member does not follow sends a contact request),
 * people they follow, or nobody.
 */
export function MessageSettingsForm() {
  const { t } = useTranslation();
  const { loaded, save, update } = useSettingsArea('MessageSettingsResource');
  return (
    <AreaContent state={loaded}>
      {(settings) => (
        <SettingsForm
          save={save}
          onSave={(form) => {
            const choice = MessagesAllowFrom.safeParse(new FormData(form).get('allow_from'));
            if (choice.success) void update({ allow_from: choice.data });
          }}
        >
          <AudienceField name="allow_from" legend={t('permissionsSettings.message')} defaultValue={settings.allow_from} />
        </SettingsForm>
      )}
    </AreaContent>
  );
}
