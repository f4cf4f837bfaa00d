import { useState, useSyncExternalStore, type SyntheticEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import type { Locale } from '../../shared/constants.ts';
import { AGE_RESTRICTED_COOKIE, AGE_RESTRICTION_HOURS, countryFromLocale } from '../../shared/signup.ts';
import { STORAGE_KEYS } from '../../shared/startup.ts';
import { parseBirthday } from '../../shared/validation/birthday.ts';
import { emailProblem } from '../../shared/validation/email.ts';
import { passwordProblem } from '../../shared/validation/password.ts';
import { SignedUpNotLoggedInError, signUp, type SignupFields } from '../api/auth.ts';
import { readCookie } from '../api/http.ts';
import { useApp } from '../app/context.ts';
import { readSession, writeSession } from '../app/storage.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { errorMessage, formText } from '../ui/form-messages.ts';
import { passwordMessage } from '../auth/password-message.ts';
import { TextField } from '../ui/TextField.tsx';
import type { HeadContext, PageHead } from '../router/types.ts';
import { useLoadingOverlay } from '../ui/LoadingOverlay.tsx';
import forms from '../auth/forms.module.css';

export function head({ t }: HeadContext): PageHead {
  return { title: t('signup.pageTitle'), canonicalPath: '/signup/' };
}

type FieldErrors = Partial<Record<'email' | 'password' | 'birthday', string>>;

function fieldsFrom(form: HTMLFormElement, locale: Locale): SignupFields {
  const data = new FormData(form);
  const text = (name: string) => formText(data, name);
  return {
    email: text('email').trim(),
    password: text('password'),
    first_name: text('first_name').trim(),
    birthday: text('birthday'),
    locale,
    country: countryFromLocale(locale),
    invite_code: readSession(STORAGE_KEYS.inviteCode) ?? '',
    utm_campaign: readSession(STORAGE_KEYS.utmCampaign) ?? '',
    utm_content: readSession(STORAGE_KEYS.utmContent) ?? '',
    referrer: document.referrer,
  };
}

function useValidation() {
  const { t } = useTranslation();
  return (fields: SignupFields): FieldErrors => {
    const errors: FieldErrors = {};
    const email = emailProblem(fields.email);
    if (email) errors.email = email === 'Required' ? t('validation.required') : t('validation.emailInvalid');
    const password = passwordMessage(t, passwordProblem(fields.password));
    if (password) errors.password = password;
    if (!fields.birthday) errors.birthday = t('validation.required');
    else if (!parseBirthday(fields.birthday)) errors.birthday = t('validation.birthdayInvalid');
    return errors;
  };
}

/**
 * The cookie a birthday under 13 leaves on the browser. Read on every render (the answer that
 * sets it re-renders the page with its error); the server renders without it, as it renders the
 * page the same for every browser.
 */
function hasAgeRestriction(): boolean {
  return readCookie(AGE_RESTRICTED_COOKIE) !== null;
}

function noSubscription(): () => void {
  return () => undefined;
}

export default function SignupPage() {
  const { t } = useTranslation();
  const { bootstrap } = useApp();
  const { setLoading } = useLoadingOverlay();
  const validate = useValidation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ageRestricted = useSyncExternalStore(noSubscription, hasAgeRestriction, () => false);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = fieldsFrom(event.currentTarget, bootstrap.locale);
    const found = validate(fields);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await signUp(fields);
      writeSession({ [STORAGE_KEYS.verifyEmailAfterSignup]: '1' });
      setLoading(true);
      window.location.assign('/');
    } catch (failure) {
      setBusy(false);
      setFormError(failure instanceof SignedUpNotLoggedInError ? t('signup.noSession') : errorMessage(t, failure));
    }
  };

  return (
    <AuthCard title={t('signup.heading')} subtitle={t('signup.subheading')}>
      {ageRestricted && (
        <p role="status" className={forms.formError}>
          {t('signup.ageRestricted', { hours: AGE_RESTRICTION_HOURS })}
        </p>
      )}
      <form className={forms.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField label={t('signup.email')} name="email" type="email" autoComplete="email" required error={errors.email} />
        <TextField
          label={t('signup.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={t('signup.passwordHint')}
          error={errors.password}
        />
        <TextField label={t('signup.firstName')} name="first_name" type="text" autoComplete="given-name" maxLength={100} />
        <TextField label={t('signup.birthday')} name="birthday" type="date" autoComplete="bday" required error={errors.birthday} />
        {formError && (
          <p role="alert" className={forms.formError}>
            {formError}
          </p>
        )}
        <button type="submit" className={forms.submit} disabled={busy || ageRestricted}>
          {t('signup.submit')}
        </button>
      </form>
      <p className={forms.switch}>
        {t('signup.haveAccount')} <a href="/login">{t('header.logIn')}</a>
      </p>
    </AuthCard>
  );
}
