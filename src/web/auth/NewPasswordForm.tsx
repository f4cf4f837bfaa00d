import { useState, type SyntheticEvent } from 'react';
import { useTranslation, type Translate } from '../i18n/translate.tsx';
import { PASSWORD_CHANGE_MESSAGES, passwordChangeProblems, type PasswordChangeProblems } from '../../shared/validation/password-change.ts';
import { ERROR_CODES } from '../api/error-codes.ts';
import { ApiError } from '../api/http.ts';
import { resetPassword } from '../api/password-reset.ts';
import { errorMessage, formText } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import { passwordMessage } from './password-message.ts';
import forms from './forms.module.css';

type Problems = Pick<PasswordChangeProblems, 'next' | 'confirm'>;

function translate(t: Translate, problems: PasswordChangeProblems): Problems {
  const text = (problem: string | undefined) =>
    problem === undefined ? undefined : problem === PASSWORD_CHANGE_MESSAGES.mismatch ? t('password.mismatch') : (passwordMessage(t, problem) ?? problem);
  const next = text(problems.next);
  const confirm = text(problems.confirm);
  return { ...(next ? { next } : {}), ...(confirm ? { confirm } : {}) };
}

type Outcome = 'done' | 'invalidLink' | null;

/** The mailed link's page: a new password (and its confirmation); success signs nothing in. */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const next = formText(data, 'new_password');
    const problems = translate(t, passwordChangeProblems({ current: null, next, confirm: formText(data, 'confirm_password') }));
    setErrors(problems);
    setFormError(null);
    if (problems.next || problems.confirm) {
      const first = form.elements.namedItem(problems.next ? 'new_password' : 'confirm_password');
      if (first instanceof HTMLInputElement) first.focus();
      return;
    }
    setBusy(true);
    try {
      await resetPassword(token, next);
      setOutcome('done');
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === ERROR_CODES.invalidToken) setOutcome('invalidLink');
      else setFormError(errorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  if (outcome === 'done') {
    return (
      <div role="status">
        <p className={forms.notice}>{t('passwordReset.done')}</p>
        <a className={forms.linkButton} href="/login">
          {t('passwordReset.logIn')}
        </a>
      </div>
    );
  }
  if (outcome === 'invalidLink') {
    return (
      <div role="alert">
        <p className={forms.formError}>{t('passwordReset.invalidLink')}</p>
        <p className={forms.switch}>
          <a href="/password/reset">{t('passwordReset.askAgain')}</a>
        </p>
      </div>
    );
  }
  return (
    <form className={forms.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextField
        label={t('passwordReset.new')}
        name="new_password"
        type="password"
        autoComplete="new-password"
        required
        hint={t('signup.passwordHint')}
        error={errors.next}
      />
      <TextField label={t('passwordReset.confirm')} name="confirm_password" type="password" autoComplete="new-password" required error={errors.confirm} />
      {formError && (
        <p role="alert" className={forms.formError}>
          {formError}
        </p>
      )}
      <button type="submit" className={forms.submit} disabled={busy}>
        {t('passwordReset.submit')}
      </button>
    </form>
  );
}
