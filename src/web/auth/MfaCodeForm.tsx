import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { isWellFormedMfaCode, normalizeMfaCode } from '../../shared/mfa.ts';
import { normalizeRecoveryCode } from '../../shared/recovery-code.ts';
import { logInWithCode } from '../api/login.ts';
import { ERROR_CODES } from '../api/error-codes.ts';
import { ApiError } from '../api/http.ts';
import { errorMessage, formText } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import forms from './forms.module.css';

type Props = {
  pendingToken: string;
  onSignedIn: () => void;
  /** The pending token lapsed (5 minutes): the password step again, with this message. */
  onExpired: (message: string) => void;
  onBack: () => void;
  /** Signing in to add an account beside the current one. */
  addAccount?: boolean;
};

/** The second login step of an account with two-factor authentication: a code from the app, or a recovery code. */
export function MfaCodeForm({ pendingToken, onSignedIn, onExpired, onBack, addAccount = false }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = formText(new FormData(event.currentTarget), 'code');
    // Six digits from the app, or one of the account's recovery codes (spent by this sign-in).
    if (!isWellFormedMfaCode(code) && normalizeRecoveryCode(code) === null) {
      setError(t('twoFactor.codeInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await logInWithCode(pendingToken, normalizeMfaCode(code), addAccount);
      onSignedIn();
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.code === ERROR_CODES.invalidToken) onExpired(t('login.expired'));
      else setError(errorMessage(t, failure));
    }
  };

  return (
    <form className={forms.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextField
        label={t('login.code')}
        name="code"
        type="text"
        autoComplete="one-time-code"
        maxLength={13}
        hint={t('login.codeHint')}
        spellCheck={false}
        required
        // The step replaced the password form the focus was in; the code is all there is to type.
        autoFocus
      />
      {error && (
        <p role="alert" className={forms.formError}>
          {error}
        </p>
      )}
      <button type="submit" className={forms.submit} disabled={busy}>
        {t('login.verify')}
      </button>
      <button type="button" className={forms.back} onClick={onBack}>
        {t('login.back')}
      </button>
    </form>
  );
}
