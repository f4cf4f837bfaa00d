import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { createAccessToken } from '../api/access-tokens.ts';
import type { NewPat as NewAccessToken } from '../../shared/contracts/auth.ts';
import { formText } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import { settingsError } from './errors.ts';
import { scopesOf, TokenScopes } from './TokenScopes.tsx';
import styles from './settings.module.css';

/** The server's limit on a token's name. */
const NAME_MAX_LENGTH = 100;

/** Names a new token and picks its scopes; a limited-login session is refused by the server, whose message shows here. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: NewAccessToken) => void }) {
  const { t } = useTranslation();
  const [nameError, setNameError] = useState<string | null>(null);
  const [scopesError, setScopesError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = formText(data, 'name').trim();
    const scopes = scopesOf(data);
    setFormError(null);
    setNameError(name ? null : t('validation.required'));
    setScopesError(scopes.length > 0 ? null : t('tokens.scopesRequired'));
    if (!name || scopes.length === 0) return;
    setBusy(true);
    try {
      const created = await createAccessToken(name, scopes);
      form.reset();
      onCreated(created);
    } catch (failure) {
      setFormError(settingsError(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextField
        label={t('tokens.name')}
        name="name"
        type="text"
        autoComplete="off"
        maxLength={NAME_MAX_LENGTH}
        required
        hint={t('tokens.nameHint')}
        error={nameError}
      />
      <TokenScopes error={scopesError} />
      {formError && (
        <p role="alert" className={styles.alert}>
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {t('tokens.create')}
        </button>
      </div>
    </form>
  );
}
