import { useState, type SyntheticEvent } from 'react';
import type { ExperimentJson } from '../../shared/contracts/experiments.ts';
import { callResource } from '../api/http.ts';
import type { TypedRequest } from '../api/resource-types.ts';
import { useResource, useResourceStore } from '../data/resources.tsx';
import { operatorRequest } from '../discovery/requests.ts';
import { useTranslation } from '../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../router/types.ts';
import { errorMessage } from '../ui/form-messages.ts';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import { TextField } from '../ui/TextField.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { EMPTY_EXPERIMENT, experimentFields, groupsText, type ExperimentValues } from './experiment-form.ts';
import styles from './admin.module.css';

export function experimentsRequest(): TypedRequest<'ExperimentAdminResource'> {
  return { name: 'ExperimentAdminResource', options: {} };
}

export function experimentsResources(): PageResource[] {
  // Operators only: for anyone else the gate answers 404, and so does the page.
  return [{ ...operatorRequest(), required: true }, experimentsRequest()];
}

export function experimentsHead(context: HeadContext): PageHead {
  if (!context.data(operatorRequest())) return unloadedHead(context);
  return { title: context.t('experimentsAdmin.title'), canonicalPath: null, noindex: true };
}

/** /admin/experiments: operators define experiments and read their exposures. */
export function ExperimentsAdminPage() {
  const gate = useResource(operatorRequest());
  if (gate.status !== 'ready') return <PageStatus state={gate} />;
  return <Experiments />;
}

function Experiments() {
  const { t } = useTranslation();
  const request = experimentsRequest();
  const list = useResource(request);
  const store = useResourceStore();
  const { showToast } = useToast();
  const [editing, setEditing] = useState<ExperimentJson | null>(null);
  // A new form after each change, so a defined experiment's values do not stay in the fields.
  const [formKey, setFormKey] = useState(0);

  const act = async (change: () => Promise<unknown>, message: string) => {
    try {
      await change();
      setEditing(null);
      setFormKey((key) => key + 1);
      await store.refresh(request);
      showToast(message);
    } catch (failure) {
      showToast(errorMessage(t, failure));
    }
  };
  const save = (values: ExperimentValues) =>
    act(() => callResource('ExperimentAdminResource', editing ? 'update' : 'create', experimentFields(values)), t('experimentsAdmin.saved'));

  return (
    <div className={styles.page} data-page="experiments-admin">
      <h1 className={styles.heading}>{t('experimentsAdmin.heading')}</h1>
      <p className={styles.intro}>{t('experimentsAdmin.intro')}</p>
      <h2 className={styles.subheading}>{t('experimentsAdmin.listLabel')}</h2>
      {list.status !== 'ready' ? (
        <PageStatus state={list} />
      ) : list.data.length === 0 ? (
        <p>{t('experimentsAdmin.none')}</p>
      ) : (
        <ExperimentTable
          experiments={list.data}
          onEdit={setEditing}
          onDelete={(e) => void act(() => callResource('ExperimentAdminResource', 'delete', { name: e.name }), t('experimentsAdmin.deleted'))}
        />
      )}
      <h2 className={styles.subheading}>{editing ? t('experimentsAdmin.editLabel', { name: editing.name }) : t('experimentsAdmin.createLabel')}</h2>
      <ExperimentForm
        key={`${editing?.name ?? 'new'}-${String(formKey)}`}
        initial={editing ? { name: editing.name, groups: groupsText(editing.groups), holdout: String(editing.holdout_percent) } : EMPTY_EXPERIMENT}
        editing={editing !== null}
        onSubmit={save}
        onCancel={() => {
          setEditing(null);
        }}
      />
    </div>
  );
}

function ExperimentTable({
  experiments,
  onEdit,
  onDelete,
}: {
  experiments: ExperimentJson[];
  onEdit: (e: ExperimentJson) => void;
  onDelete: (e: ExperimentJson) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.tableWrap} role="region" aria-label={t('experimentsAdmin.listLabel')} tabIndex={0}>
      <table className={`${styles.table} ${styles.stacked}`}>
        <thead>
          <tr>
            <th scope="col">{t('experimentsAdmin.name')}</th>
            <th scope="col">{t('experimentsAdmin.groups')}</th>
            <th scope="col">{t('experimentsAdmin.holdout')}</th>
            <th scope="col">{t('experimentsAdmin.exposures')}</th>
            <th scope="col">{t('experimentsAdmin.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {experiments.map((e) => (
            <tr key={e.name} data-experiment={e.name}>
              <td data-label={t('experimentsAdmin.name')}>{e.name}</td>
              <td data-label={t('experimentsAdmin.groups')}>{groupsText(e.groups)}</td>
              <td data-label={t('experimentsAdmin.holdout')}>{e.holdout_percent}%</td>
              <td data-label={t('experimentsAdmin.exposures')}>
                {e.exposures.length === 0 ? t('experimentsAdmin.noExposures') : e.exposures.map((x) => `${x.group}: ${String(x.count)}`).join(', ')}
              </td>
              <td data-label={t('experimentsAdmin.actions')}>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.secondary}
                    onClick={() => {
                      onEdit(e);
                    }}
                    aria-label={t('experimentsAdmin.editNamed', { name: e.name })}
                  >
                    {t('experimentsAdmin.edit')}
                  </button>
                  <button
                    type="button"
                    className={styles.secondary}
                    onClick={() => {
                      onDelete(e);
                    }}
                    aria-label={t('experimentsAdmin.deleteNamed', { name: e.name })}
                  >
                    {t('experimentsAdmin.delete')}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ExperimentForm(props: { initial: ExperimentValues; editing: boolean; onSubmit: (v: ExperimentValues) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof ExperimentValues) => (e: { target: { value: string } }) => {
    setValues({ ...values, [field]: e.target.value });
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    void props.onSubmit(values).finally(() => {
      setBusy(false);
    });
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <TextField
        label={t('experimentsAdmin.name')}
        value={values.name}
        onChange={set('name')}
        readOnly={props.editing}
        required
        hint={t('experimentsAdmin.nameHint')}
      />
      <TextField label={t('experimentsAdmin.groups')} value={values.groups} onChange={set('groups')} required hint={t('experimentsAdmin.groupsHint')} />
      <TextField
        label={t('experimentsAdmin.holdout')}
        type="number"
        min={0}
        max={90}
        value={values.holdout}
        onChange={set('holdout')}
        hint={t('experimentsAdmin.holdoutHint')}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={busy}>
          {props.editing ? t('experimentsAdmin.update') : t('experimentsAdmin.create')}
        </button>
        {props.editing && (
          <button type="button" className={styles.secondary} onClick={props.onCancel}>
            {t('experimentsAdmin.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
