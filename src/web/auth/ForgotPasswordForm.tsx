import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { emailProblem, EMAIL_MESSAGES } from '../../shared/validation/email.ts';
import { requestPasswordReset } from '../api/password-reset.ts';
import { errorMessage, formText } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import forms from './forms.module.css';

/** "Forgot password?": the answer is the same whether or not an account uses the email. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = formText(new FormData(event.currentTarget), 'email').trim();
    const problem = emailProblem(email);
    setFieldError(problem === null ? null : t(problem === EMAIL_MESSAGES.required ? 'validation.required' : 'validation.emailInvalid'));
    setFormError(null);
    if (problem !== null) return;
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (failure) {
      setFormError(errorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* Present from the start, so assistive technology announces the message when it appears. */}
      <div role="status">{sent && <p className={forms.notice}>{t('passwordReset.sent')}</p>}</div>
      {!sent && (
        <form className={forms.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
          <TextField label={t('passwordReset.email')} name="email" type="email" autoComplete="email" required error={fieldError} />
          {formError && (
            <p role="alert" className={forms.formError}>
              {formError}
            </p>
          )}
          <button type="submit" className={forms.submit} disabled={busy}>
            {t('passwordReset.send')}
          </button>
        </form>
      )}
      <p className={forms.switch}>
        <a href="/login">{t('passwordReset.backToLogin')}</a>
      </p>
    </>
  );
}
