import { loginPathFor } from '../../shared/next-location.ts';
import { LIKE, totalReactions } from '../../shared/reactions.ts';
import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import type { PinJson } from '../pins/types.ts';
import { useReaction } from './useReaction.ts';
import styles from './Reactions.module.css';

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg className={styles.heart} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.7 4.5c2.1 0 3.7 1.2 4.6 2.7h1.4c.9-1.5 2.5-2.7 4.6-2.7 3.7 0 5.8 3.8 4.3 7.2C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The closeup's heart and the pin's reaction count. A member's click shows at once and is
 * reverted if the server refuses; a visitor's heart leads to log in, then back to the pin.
 */
export function Reactions({ pin }: { pin: PinJson }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { view } = useRouter();
  const react = useReaction();
  const total = totalReactions(pin.reaction_counts ?? {});
  const liked = pin.reaction_by_me === LIKE;
  return (
    <div className={styles.reactions}>
      {viewer ? (
        <button type="button" className={styles.like} aria-pressed={liked} aria-label={t('pin.like')} onClick={() => void react(pin)}>
          <Heart filled={liked} />
        </button>
      ) : (
        <a className={styles.like} href={loginPathFor(view.location.pathname)} aria-label={t('pin.logInToReact')}>
          <Heart filled={false} />
        </a>
      )}
      {total > 0 && <span className={styles.count}>{t('pin.reactions', { count: total })}</span>}
    </div>
  );
}
