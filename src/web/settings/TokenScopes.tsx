import { TOKEN_SCOPE_CHOICES } from '../../shared/contracts/account-security.ts';
import { DEFAULT_PAT_SCOPES, type PatScope } from '../../shared/contracts/auth.ts';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './account-security.module.css';

const DEFAULTS: ReadonlySet<string> = new Set(DEFAULT_PAT_SCOPES);

/** The checked scopes of the form: only choices the checkboxes offer, so nothing else is sent. */
export function scopesOf(form: FormData): PatScope[] {
  const checked = new Set(form.getAll('scopes').map(String));
  return TOKEN_SCOPE_CHOICES.filter((scope) => checked.has(scope));
}

/** The access a new token gets: one checkbox per scope the public API asks for, read scopes checked. */
export function TokenScopes({ error }: { error: string | null }) {
  const { t } = useTranslation();
  const errorId = 'token-scopes-error';
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{t('tokens.scopesLegend')}</legend>
      <div className={styles.checks}>
        {TOKEN_SCOPE_CHOICES.map((scope) => (
          <label key={scope} className={styles.check}>
            <input type="checkbox" name="scopes" value={scope} defaultChecked={DEFAULTS.has(scope)} />
            <span>
              <code>{scope}</code> {t(`tokens.scope.${scope.replace(':', '_')}`)}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
