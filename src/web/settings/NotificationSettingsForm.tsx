import type { NotificationSettings, NotificationSettingsChange } from '../../shared/contracts/settings.ts';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '../../shared/member-settings.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { AreaContent, checked, SettingsForm } from './SettingsForm.tsx';
import { useSettingsArea } from './useSettingsArea.ts';
import styles from './fields.module.css';

const switchName = (kind: string, channel: string) => `${kind}.${channel}`;

function changeOf(form: HTMLFormElement): NotificationSettingsChange {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, checked(form, switchName(kind, channel))]))]),
  );
}

/** One group per kind of news, a switch per channel: a table would not fit a 320 px phone. */
function KindFields({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  return NOTIFICATION_KINDS.map((kind) => (
    <fieldset key={kind} className={styles.fieldset}>
      <legend className={styles.legend}>{t(`notificationSettings.kind.${kind}`)}</legend>
      <div className={styles.channels}>
        {NOTIFICATION_CHANNELS.map((channel) => (
          <label key={channel} className={styles.choice}>
            <input type="checkbox" role="switch" name={switchName(kind, channel)} defaultChecked={settings[kind][channel]} />
            <span>{t(`notificationSettings.channel.${channel}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  ));
}

/** For each kind of news, in the app, by email and by push (NotificationSettingsResource). */
export function NotificationSettingsForm() {
  const { loaded, save, update } = useSettingsArea('NotificationSettingsResource');
  return (
    <AreaContent state={loaded}>
      {(settings) => (
        <SettingsForm save={save} onSave={(form) => void update(changeOf(form))}>
          <KindFields settings={settings} />
        </SettingsForm>
      )}
    </AreaContent>
  );
}
