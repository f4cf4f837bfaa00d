import { useId, useState } from 'react';
import { TODAY_REGIONS, todayOf } from '../../shared/today-paths.ts';
import { callResource } from '../api/http.ts';
import { errorMessage } from '../ui/form-messages.ts';
import { useViewer } from '../app/context.ts';
import { useResource, useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import { useRouter } from '../router/Router.tsx';
import type { HeadContext, PageHead, PageInput, PageProps, PageResource } from '../router/types.ts';
import { useToast } from '../ui/Toasts.tsx';
import { ArticleForm, articleOptions, EMPTY_ARTICLE, valuesOf, type ArticleValues } from './ArticleForm.tsx';
import { CuratedList } from './CuratedList.tsx';
import { TopicForm } from './TopicForm.tsx';
import { curatedRequest, operatorRequest } from './requests.ts';
import { pageRegion } from './today-region.ts';
import type { CuratedArticleJson } from '../../shared/contracts/discovery.ts';
import styles from './admin.module.css';

/** The day the screen edits: ?day= when it is a date, else today (UTC, as articles are dated). */
function pageDay(search: string): string {
  const asked = new URLSearchParams(search).get('day') ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : todayOf(Date.now());
}

export function adminResources({ search, viewer }: PageInput): PageResource[] {
  // The screen exists only for operators: for anyone else the gate answers 404, and so does the page.
  return [{ ...operatorRequest(), required: true }, curatedRequest(pageRegion(search, viewer), pageDay(search))];
}

export function adminHead(context: HeadContext): PageHead {
  if (!context.data(operatorRequest())) return unloadedHead(context);
  return { title: context.t('todayAdmin.title'), canonicalPath: null, noindex: true };
}

/** /admin/today: the operators' screen to curate the Today tab, day by day and region by region. */
export function TodayAdminPage({ search }: PageProps) {
  const gate = useResource(operatorRequest());
  if (gate.status !== 'ready') return <PageStatus state={gate} />;
  return <Curation search={search} />;
}

function Curation({ search }: { search: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const region = pageRegion(search, viewer);
  const day = pageDay(search);
  const request = curatedRequest(region, day);
  const curated = useResource(request);
  const store = useResourceStore();
  const { showToast } = useToast();
  const [editing, setEditing] = useState<CuratedArticleJson | null>(null);

  /** After a change: this list again, and every cached Today read, so the tab shows it at once. */
  const changed = async (message: string) => {
    store.invalidate((r) => r.name.startsWith('TodayArticle'));
    await store.refresh(request);
    showToast(message);
  };
  const save = async (values: ArticleValues) => {
    if (editing) await callResource('TodayArticleAdminResource', 'update', { id: editing.id, ...articleOptions(values) });
    else await callResource('TodayArticleAdminResource', 'create', { ...articleOptions(values), region, day });
    setEditing(null);
    await changed(t('todayAdmin.saved'));
  };
  const act = async (change: () => Promise<unknown>, message: string) => {
    try {
      await change();
      await changed(message);
    } catch (failure) {
      showToast(errorMessage(t, failure));
    }
  };

  return (
    <div className={styles.page} data-page="today-admin">
      <h1 className={styles.heading}>{t('todayAdmin.heading')}</h1>
      <p className={styles.intro}>{t('todayAdmin.intro')}</p>
      <DayPicker region={region} day={day} />
      <h2 className={styles.subheading}>{t('todayAdmin.listLabel')}</h2>
      {curated.status !== 'ready' ? (
        <PageStatus state={curated} />
      ) : (
        <CuratedList
          articles={curated.data.articles}
          onMove={(article, position) =>
            void act(() => callResource('TodayArticleAdminResource', 'update', { id: article.id, position }), t('todayAdmin.saved'))
          }
          onRemove={(article) => void act(() => callResource('TodayArticleAdminResource', 'delete', { id: article.id }), t('todayAdmin.saved'))}
          onEdit={setEditing}
        />
      )}
      <h2 className={styles.subheading}>{editing ? t('todayAdmin.editLabel') : t('todayAdmin.createLabel')}</h2>
      <ArticleForm
        key={editing?.id ?? 'new'}
        topics={curated.data?.topics ?? []}
        initial={editing ? valuesOf(editing) : EMPTY_ARTICLE}
        editing={editing !== null}
        onSubmit={save}
        onCancel={() => {
          setEditing(null);
        }}
      />
      <h2 className={styles.subheading}>{t('todayAdmin.addTopic')}</h2>
      <TopicForm
        onAdded={async (name) => {
          store.invalidate((r) => r.name === 'IdeasResource');
          await changed(t('todayAdmin.topicAdded', { name }));
        }}
      />
    </div>
  );
}

/** Which region and day to curate; a change reloads the screen's list. */
function DayPicker({ region, day }: { region: string; day: string }) {
  const { t } = useTranslation();
  const { navigate } = useRouter();
  const id = useId();
  const go = (next: { region?: string; day?: string }) => {
    const query = new URLSearchParams({ region: next.region ?? region, day: next.day ?? day });
    navigate(`/admin/today?${query.toString()}`);
  };
  return (
    <div className={styles.row}>
      <span className={styles.control}>
        <label htmlFor={`${id}-region`}>{t('discovery.region')}</label>
        <select
          id={`${id}-region`}
          value={region}
          onChange={(e) => {
            go({ region: e.target.value });
          }}
        >
          {TODAY_REGIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </span>
      <label className={styles.control}>
        {t('todayAdmin.day')}
        <input
          type="date"
          value={day}
          required
          onChange={(e) => {
            if (e.target.value) go({ day: e.target.value });
          }}
        />
      </label>
    </div>
  );
}
