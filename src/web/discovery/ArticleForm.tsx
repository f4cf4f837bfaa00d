import { useId, useState, type SyntheticEvent } from 'react';
import { TextField } from '../ui/TextField.tsx';
import { errorMessage } from '../ui/form-messages.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { TODAY_KINDS, type TodayKind } from '../../shared/today-paths.ts';
import { kindLabelKey } from './today-region.ts';
import type { CuratedArticleJson, TodayArticleAdminResource } from '../../shared/contracts/discovery.ts';
import type { InputOf } from '../../shared/contracts/contract.ts';
import forms from '../ui/forms.module.css';
import styles from './admin.module.css';

export type ArticleValues = {
  title: string;
  kind: number;
  is_shop: boolean;
  source: CuratedArticleJson['source'];
  interest_id: string;
  query: string;
  pin_ids: string;
  cover_pin_id: string;
};

export const EMPTY_ARTICLE: ArticleValues = {
  title: '',
  kind: 0,
  is_shop: false,
  source: 'interest',
  interest_id: '',
  query: '',
  pin_ids: '',
  cover_pin_id: '',
};

/** An article's values in the form, to edit it. */
export function valuesOf(article: CuratedArticleJson): ArticleValues {
  return {
    title: article.title,
    kind: article.kind,
    is_shop: article.is_shop,
    source: article.source,
    interest_id: article.interest?.id ?? '',
    query: article.query ?? '',
    pin_ids: article.pin_ids.join(', '),
    cover_pin_id: article.cover_pin?.id ?? '',
  };
}

/** What the form sets of an article: all but where it is shown (region and day). */
export type ArticleOptions = Omit<InputOf<typeof TodayArticleAdminResource, 'create'>, 'region' | 'day'>;

/** The kind chosen: the select offers only TODAY_KINDS. */
const kindOf = (kind: number): TodayKind => TODAY_KINDS.find((k) => k === kind) ?? 0;

/** The options of TodayArticleAdminResource from the form: one source, the ids as a list. */
export function articleOptions(values: ArticleValues): ArticleOptions {
  const source =
    values.source === 'interest'
      ? { interest_id: values.interest_id }
      : values.source === 'search'
        ? { query: values.query }
        : { pin_ids: values.pin_ids.split(/[\s,]+/).filter(Boolean) };
  const cover = values.cover_pin_id.trim();
  return { title: values.title, kind: kindOf(values.kind), is_shop: values.is_shop, ...source, cover_pin_id: cover === '' ? null : cover };
}

const SOURCES = [
  { source: 'interest', key: 'todayAdmin.sourceTopic' },
  { source: 'search', key: 'todayAdmin.sourceSearch' },
  { source: 'pins', key: 'todayAdmin.sourcePins' },
] as const;

type Props = {
  topics: { id: string; name: string }[];
  initial: ArticleValues;
  editing: boolean;
  onSubmit: (values: ArticleValues) => Promise<void>;
  onCancel: () => void;
};

/** Title, kind, shop flag, where the pins come from, and an optional cover. */
export function ArticleForm({ topics, initial, editing, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const set = (change: Partial<ArticleValues>) => {
    setValues((v) => ({ ...v, ...change }));
  };
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(values);
      if (!editing) setValues(EMPTY_ARTICLE);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={forms.form} onSubmit={(e) => void submit(e)} aria-label={editing ? t('todayAdmin.editLabel') : t('todayAdmin.createLabel')}>
      <TextField
        label={t('todayAdmin.titleField')}
        name="title"
        value={values.title}
        maxLength={100}
        required
        onChange={(e) => {
          set({ title: e.target.value });
        }}
      />
      <div className={styles.row}>
        <span className={styles.control}>
          <label htmlFor={`${id}-kind`}>{t('todayAdmin.kind')}</label>
          <select
            id={`${id}-kind`}
            value={values.kind}
            onChange={(e) => {
              set({ kind: Number(e.target.value) });
            }}
          >
            {TODAY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(kindLabelKey({ kind, is_shop: false }))}
              </option>
            ))}
          </select>
        </span>
        <label className={styles.control}>
          <input
            type="checkbox"
            checked={values.is_shop}
            onChange={(e) => {
              set({ is_shop: e.target.checked });
            }}
          />
          {t('todayAdmin.shop')}
        </label>
      </div>
      <fieldset className={styles.fieldset}>
        <legend>{t('todayAdmin.source')}</legend>
        {SOURCES.map(({ source, key }) => (
          <label key={source} className={styles.control}>
            <input
              type="radio"
              name="source"
              value={source}
              checked={values.source === source}
              onChange={() => {
                set({ source });
              }}
            />
            {t(key)}
          </label>
        ))}
      </fieldset>
      {values.source === 'interest' && (
        <span className={styles.control}>
          <label htmlFor={`${id}-topic`}>{t('todayAdmin.topic')}</label>
          <select
            id={`${id}-topic`}
            value={values.interest_id}
            required
            onChange={(e) => {
              set({ interest_id: e.target.value });
            }}
          >
            <option value="">{t('todayAdmin.chooseTopic')}</option>
            {topics.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {topic.name}
              </option>
            ))}
          </select>
        </span>
      )}
      {values.source === 'search' && (
        <TextField
          label={t('todayAdmin.query')}
          name="query"
          value={values.query}
          maxLength={200}
          required
          onChange={(e) => {
            set({ query: e.target.value });
          }}
        />
      )}
      {values.source === 'pins' && (
        <TextField
          label={t('todayAdmin.pinIds')}
          name="pin_ids"
          value={values.pin_ids}
          required
          onChange={(e) => {
            set({ pin_ids: e.target.value });
          }}
        />
      )}
      <TextField
        label={t('todayAdmin.cover')}
        name="cover_pin_id"
        value={values.cover_pin_id}
        onChange={(e) => {
          set({ cover_pin_id: e.target.value });
        }}
      />
      {error !== null && (
        <p role="alert" className={forms.alert}>
          {errorMessage(t, error)}
        </p>
      )}
      <div className={forms.actions}>
        {editing && (
          <button type="button" className={forms.secondary} onClick={onCancel}>
            {t('todayAdmin.cancel')}
          </button>
        )}
        <button type="submit" className={forms.primary} disabled={busy || values.title.trim() === ''}>
          {editing ? t('todayAdmin.save') : t('todayAdmin.create')}
        </button>
      </div>
    </form>
  );
}
