import { useEffect, useState, type SyntheticEvent } from 'react';
import type { ParentalPasscodeState } from '../../shared/contracts/account-security.ts';
import {
  backupEmailProblem,
  confirmBackupEmailProblem,
  confirmPasscodeProblem,
  PASSCODE_LENGTH,
  passcodeProblem,
} from '../../shared/validation/parental-passcode.ts';
import { loadPasscode, removePasscode, saveBackupEmail, savePasscode } from '../api/account-security.ts';
import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { formText } from '../ui/form-messages.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { TextField } from '../ui/TextField.tsx';
import { settingsError } from './errors.ts';
import { passcodeMessage } from './passcode-messages.ts';
import { usePasscodeGate } from './usePasscodeGate.tsx';
import settings from './settings.module.css';
import styles from './account-security.module.css';

type Notice = { kind: 'success' | 'alert'; text: string } | null;
type Errors = Record<string, string | null>;

function PasscodeField({ name, label, error }: { name: string; label: string; error: string | null | undefined }) {
  return <TextField label={label} name={name} type="password" inputMode="numeric" autoComplete="off" maxLength={PASSCODE_LENGTH} required error={error} />;
}

/** Set a new passcode, or change it (the modal asks for the current one). */
function PasscodeForm({ isSet, onSaved, gate }: { isSet: boolean; onSaved: (s: ParentalPasscodeState, text: string) => void; gate: Gate }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const passcode = formText(data, 'passcode');
    const confirm = formText(data, 'confirm_passcode');
    const problems = { passcode: passcodeProblem(passcode), confirm_passcode: confirmPasscodeProblem(passcode, confirm) };
    setErrors({
      passcode: problems.passcode && passcodeMessage(t, problems.passcode),
      confirm_passcode: problems.confirm_passcode && passcodeMessage(t, problems.confirm_passcode),
    });
    setFormError(null);
    if (problems.passcode || problems.confirm_passcode) return;
    const result = { saved: null as ParentalPasscodeState | null };
    try {
      const done = await gate.guarded(async (current) => {
        result.saved = await savePasscode(passcode, confirm, current);
      });
      if (done && result.saved) {
        form.reset();
        onSaved(result.saved, t(isSet ? 'passcode.changed' : 'passcode.created'));
      }
    } catch (failure) {
      setFormError(settingsError(t, failure));
    }
  };
  return (
    <form className={settings.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="passcode-form-title">
      <h2 id="passcode-form-title" className={styles.heading}>
        {t(isSet ? 'passcode.changeTitle' : 'passcode.createTitle')}
      </h2>
      <PasscodeField name="passcode" label={t(isSet ? 'passcode.newLabel' : 'passcode.label')} error={errors['passcode']} />
      <PasscodeField name="confirm_passcode" label={t('passcode.confirmLabel')} error={errors['confirm_passcode']} />
      {formError && (
        <p role="alert" className={settings.alert}>
          {formError}
        </p>
      )}
      <div className={settings.actions}>
        <button type="submit" className={settings.primary}>
          {t(isSet ? 'passcode.change' : 'passcode.create')}
        </button>
      </div>
    </form>
  );
}

function BackupEmailForm({ state, onSaved, gate }: { state: ParentalPasscodeState; onSaved: (s: ParentalPasscodeState, text: string) => void; gate: Gate }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = formText(data, 'backup_email');
    const confirm = formText(data, 'confirm_backup_email');
    const emailProblem = backupEmailProblem(email, viewer?.email ?? '');
    const confirmProblem = emailProblem ? null : confirmBackupEmailProblem(email, confirm);
    setErrors({ backup_email: emailProblem && passcodeMessage(t, emailProblem), confirm_backup_email: confirmProblem && passcodeMessage(t, confirmProblem) });
    setFormError(null);
    if (emailProblem || confirmProblem) return;
    const result = { saved: null as ParentalPasscodeState | null };
    try {
      // The backup email always needs the passcode: the modal asks for it first.
      const done = await gate.ask(async (passcode) => {
        result.saved = await saveBackupEmail(email, confirm, passcode);
      });
      if (done && result.saved) onSaved(result.saved, t('passcode.backupSaved'));
    } catch (failure) {
      setFormError(settingsError(t, failure));
    }
  };
  return (
    <form className={settings.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="backup-form-title">
      <h2 id="backup-form-title" className={styles.heading}>
        {t('passcode.backupTitle')}
      </h2>
      <p className={styles.meta}>{state.backup_email ? t('passcode.backupCurrent', { email: state.backup_email }) : t('passcode.backupNone')}</p>
      <TextField label={t('passcode.backupLabel')} name="backup_email" type="email" autoComplete="email" required error={errors['backup_email']} />
      <TextField
        label={t('passcode.backupConfirmLabel')}
        name="confirm_backup_email"
        type="email"
        autoComplete="email"
        required
        error={errors['confirm_backup_email']}
      />
      {formError && (
        <p role="alert" className={settings.alert}>
          {formError}
        </p>
      )}
      <div className={settings.actions}>
        <button type="submit" className={settings.primary}>
          {t('passcode.backupSave')}
        </button>
      </div>
    </form>
  );
}

type Gate = ReturnType<typeof usePasscodeGate>;

/** The parental passcode: set, change, remove; its backup email. */
export function ParentalPasscode() {
  const { t } = useTranslation();
  const [state, setState] = useState<ParentalPasscodeState | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const gate = usePasscodeGate((failure) => settingsError(t, failure));
  useEffect(() => {
    loadPasscode().then(setState, (failure: unknown) => {
      const text = settingsError(t, failure);
      if (text) setNotice({ kind: 'alert', text });
    });
  }, [t]);
  const saved = (next: ParentalPasscodeState, text: string) => {
    setState(next);
    setNotice({ kind: 'success', text });
  };
  const onRemove = async () => {
    try {
      const result = { removed: null as ParentalPasscodeState | null };
      const done = await gate.ask(async (passcode) => {
        result.removed = await removePasscode(passcode);
      });
      if (done && result.removed) saved(result.removed, t('passcode.removed'));
    } catch (failure) {
      const text = settingsError(t, failure);
      if (text) setNotice({ kind: 'alert', text });
    }
  };
  if (!state) return notice ? <p className={settings.alert}>{notice.text}</p> : <Spinner label={t('overlay.loading')} size={32} />;
  return (
    <div className={styles.panel}>
      <p className={styles.name}>{t(state.is_set ? 'passcode.isOn' : 'passcode.isOff')}</p>
      <div role="status">{notice?.kind === 'success' && <p className={settings.success}>{notice.text}</p>}</div>
      {notice?.kind === 'alert' && (
        <p role="alert" className={settings.alert}>
          {notice.text}
        </p>
      )}
      <PasscodeForm isSet={state.is_set} onSaved={saved} gate={gate} />
      {state.is_set && <BackupEmailForm state={state} onSaved={saved} gate={gate} />}
      {state.is_set && (
        <div className={settings.actions}>
          <button type="button" className={settings.secondary} onClick={() => void onRemove()}>
            {t('passcode.remove')}
          </button>
        </div>
      )}
      {gate.modal}
    </div>
  );
}
