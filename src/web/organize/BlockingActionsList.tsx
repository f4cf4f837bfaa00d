import { groupBlockingActions } from '../../shared/blocking-actions.ts';
import type { BlockingActionJson } from '../../shared/contracts/blocking-actions.ts';
import type { SectionJson } from '../../shared/contracts/boards.ts';
import { useTranslation, type Translate } from '../i18n/translate.tsx';
import { errorMessage } from '../ui/form-messages.ts';
import type { BlockingActionsState } from './useBlockingActions.ts';
import styles from './organize.module.css';

function summary(t: Translate, action: BlockingActionJson): string {
  if (action.kind === 'moderation') return t('organize.moderated', { reason: action.reason ?? '' });
  if (action.kind === 'move') return t('organize.moved', { count: action.moved_count, board: action.target_board?.name ?? '' });
  return t('organize.removed', { count: action.removed_count });
}

/** The places running actions hold, by the spec's grouping: the whole board, the unorganized pins, each section. */
function Running({ actions, sections }: { actions: readonly BlockingActionJson[]; sections: readonly SectionJson[] }) {
  const { t } = useTranslation();
  const groups = groupBlockingActions(actions.filter((a) => a.state === 'running'));
  const held: [string, BlockingActionJson][] = [
    ...(groups.board ? [[t('organize.wholeBoard'), groups.board] as [string, BlockingActionJson]] : []),
    ...(groups.unorganized ? [[t('organize.unorganized'), groups.unorganized] as [string, BlockingActionJson]] : []),
    ...Object.entries(groups.sections).flatMap(([id, list]) =>
      list.map((a) => [sections.find((s) => s.id === id)?.title ?? id, a] as [string, BlockingActionJson]),
    ),
  ];
  return held.map(([place, action]) => (
    <div key={action.id} className={styles.running}>
      <label htmlFor={`action-${action.id}`}>{t('organize.progress', { place, progress: action.progress })}</label>
      <progress id={`action-${action.id}`} max={100} value={action.progress} />
    </div>
  ));
}

/** The board's blocking actions: progress of those running, then what each one removed or moved, and why. */
export function BlockingActionsList({ state, sections }: { state: BlockingActionsState; sections: readonly SectionJson[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="blocking-actions-heading" className={styles.actions} aria-live="polite" aria-busy={state.status === 'loading'}>
      <h3 id="blocking-actions-heading" className={styles.heading}>
        {t('organize.actions')}
      </h3>
      {state.status === 'none' && <p className={styles.note}>{t('organize.none')}</p>}
      {state.status === 'error' && (
        <p role="alert" className={styles.note}>
          {errorMessage(t, state.error)}
        </p>
      )}
      {state.status === 'ready' && (
        <>
          <Running actions={state.actions} sections={sections} />
          <ul className={styles.history}>
            {state.actions
              .filter((a) => a.state === 'done')
              .map((a) => (
                <li key={a.id} data-kind={a.kind}>
                  <time dateTime={new Date(a.created_timestamp * 1000).toISOString()}>{new Date(a.created_timestamp * 1000).toLocaleDateString()}</time>{' '}
                  {summary(t, a)}
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
}
