import type { InteractionSettings, InteractionSettingsChange } from '../../shared/contracts/settings.ts';
import { INTERACTION_AUDIENCES, type InteractionAudience } from '../../shared/member-settings.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { AudienceField, SwitchField } from './fields.tsx';
import { AreaContent, checked, SettingsForm } from './SettingsForm.tsx';
import { useSettingsArea } from './useSettingsArea.ts';

type AudienceName = 'mention_audience' | 'comment_audience' | 'message_audience';
type SwitchName = 'mention_notifications' | 'contact_requests';

/** Which of the choices each page shows: permissions has the three audiences, mentions its own (messages: MessageSettingsForm). */
export const INTERACTION_PAGES = {
  permissions: {
    audiences: [
      ['mention_audience', 'permissionsSettings.mention'],
      ['comment_audience', 'permissionsSettings.comment'],
      ['message_audience', 'permissionsSettings.message'],
    ],
    switches: [],
  },
  mentions: { audiences: [['mention_audience', 'permissionsSettings.mention']], switches: [['mention_notifications', 'mentionsSettings.notify']] },
} as const satisfies Record<string, { audiences: readonly (readonly [AudienceName, string])[]; switches: readonly (readonly [SwitchName, string])[] }>;

function audienceIn(form: HTMLFormElement, name: AudienceName): InteractionAudience | undefined {
  const value = new FormData(form).get(name);
  return INTERACTION_AUDIENCES.find((audience) => audience === value);
}

/** The change a page's form makes: only the choices it shows. */
function changeOf(form: HTMLFormElement, page: keyof typeof INTERACTION_PAGES): InteractionSettingsChange {
  const change: InteractionSettingsChange = {};
  for (const [name] of INTERACTION_PAGES[page].audiences) change[name] = audienceIn(form, name);
  for (const [name] of INTERACTION_PAGES[page].switches) change[name] = checked(form, name);
  return change;
}

function Fields({ settings, page }: { settings: InteractionSettings; page: keyof typeof INTERACTION_PAGES }) {
  const { t } = useTranslation();
  return (
    <>
      {INTERACTION_PAGES[page].audiences.map(([name, legend]) => (
        <AudienceField key={name} name={name} legend={t(legend)} defaultValue={settings[name]} />
      ))}
      {INTERACTION_PAGES[page].switches.map(([name, label]) => (
        <SwitchField key={name} name={name} label={t(label)} defaultChecked={settings[name]} />
      ))}
    </>
  );
}

/** Who may mention, comment on the pins of, and message the member (InteractionSettingsResource). */
export function InteractionSettingsForm({ page }: { page: keyof typeof INTERACTION_PAGES }) {
  const { loaded, save, update } = useSettingsArea('InteractionSettingsResource');
  return (
    <AreaContent state={loaded}>
      {(settings) => (
        <SettingsForm save={save} onSave={(form) => void update(changeOf(form, page))}>
          <Fields settings={settings} page={page} />
        </SettingsForm>
      )}
    </AreaContent>
  );
}
