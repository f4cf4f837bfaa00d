import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { transact } from '../db/transaction.ts';
import type { TodayArticle, TodayArticlesTable } from '../db/schema/discovery.ts';
import { AppError } from '../errors.ts';
import { keepVisible } from '../search/pin-matches.ts';
import { VISITOR } from '../access/authorized.ts';
import { ensureInterest, presentInterest } from '../social/topics.ts';
import type { CuratedArticleJson, CuratedDay } from '../../shared/contracts/discovery.ts';
import { todaySlug } from '../../shared/today-paths.ts';
import type { ArticleChanges, ArticleFields } from '../../shared/contracts/discovery.ts';
import { requireOperator, requireOperatorScreen } from '../access/operators.ts';
import {
  articlePinIds,
  articlesOf,
  deleteArticleRow,
  findArticle,
  insertArticles,
  lastCuratedPosition,
  renumber,
  setArticlePins,
  updateArticleRow,
} from './today.repo.ts';
import { topicById, topicBySlug, topicChoices } from './topics.repo.ts';
import { presentArticles } from './today.service.ts';
import type { InterestJson } from '../../shared/contracts/social.ts';

/**
 * The operators' Today screen (/admin/today): curated articles of a region and a day, made,
 * edited, ordered and removed. Every call starts with the operator check. What an article shows
 * is public: its pins and cover must be pins a visitor may see.
 */

const asVisitor = VISITOR;

/** Topics an operator can choose from, by name. */
export const TOPIC_CHOICES_MAX = 1000;

/** OperatorScreenResource get: {operator: true} for operators; for anyone else the screen does not exist (404). */
export async function operatorScreen(deps: Deps, actor: Actor): Promise<{ operator: true }> {
  await requireOperatorScreen(deps, actor);
  return { operator: true };
}

/** TodayArticleAdminResource get {region, day}: the curated articles of that day in order, and the topics to choose from. */
export async function curatedArticles(deps: Deps, actor: Actor, region: string, day: string): Promise<CuratedDay> {
  await requireOperator(deps, actor);
  const [articles, topics] = await Promise.all([
    articlesOf(deps.db, region, day, 'curated').then((rows) => withPinIds(deps, rows)),
    topicChoices(deps.db, TOPIC_CHOICES_MAX),
  ]);
  return { articles, topics };
}

/** create: a new article at the end of its day's list. */
export async function createArticle(deps: Deps, actor: Actor, fields: ArticleFields): Promise<CuratedArticleJson> {
  const operator = await requireOperator(deps, actor);
  await checkReferences(deps, fields);
  const now = Date.now();
  const id = newId();
  await transact(deps.db, async (trx) => {
    const last = await lastCuratedPosition(trx, fields.region, fields.day);
    const row: TodayArticlesTable = {
      id,
      region: fields.region,
      day: fields.day,
      origin: 'curated',
      position: (last ?? -1) + 1,
      title: fields.title,
      kind: fields.kind,
      is_shop: fields.is_shop ? 1 : 0,
      ...sourceColumns(fields),
      cover_pin_id: fields.cover_pin_id ?? null,
      created_by: operator.userId,
      created_at: now,
      updated_at: now,
    };
    await insertArticles(trx, [row]);
    await setArticlePins(trx, id, fields.pin_ids ?? []);
    await deps.events.record(trx, operator.userId, { type: 'article.changed', articleId: id });
  });
  return curatedJson(deps, id);
}

/** update {id, ...}: changes what is given; `position` moves it within its day's list. */
export async function updateArticle(deps: Deps, actor: Actor, changes: ArticleChanges): Promise<CuratedArticleJson> {
  const operator = await requireOperator(deps, actor);
  await curatedOrMissing(deps.db, changes.id);
  await checkReferences(deps, changes);
  const now = Date.now();
  const newSource = changes.pin_ids !== undefined || changes.interest_id !== undefined || changes.query !== undefined;
  await transact(deps.db, async (trx) => {
    const article = await curatedOrMissing(trx, changes.id);
    await updateArticleRow(trx, article.id, {
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(changes.kind === undefined ? {} : { kind: changes.kind }),
      ...(changes.is_shop === undefined ? {} : { is_shop: changes.is_shop ? 1 : 0 }),
      ...(changes.cover_pin_id === undefined ? {} : { cover_pin_id: changes.cover_pin_id }),
      ...(newSource ? sourceColumns(changes) : {}),
      updated_at: now,
    });
    if (newSource) await setArticlePins(trx, article.id, changes.pin_ids ?? []);
    if (changes.position !== undefined) await move(trx, article, changes.position, now);
    await deps.events.record(trx, operator.userId, { type: 'article.changed', articleId: article.id });
  });
  return curatedJson(deps, changes.id);
}

/** delete {id}: the article goes; the rest of its day close up. */
export async function deleteArticle(deps: Deps, actor: Actor, id: string): Promise<{ deleted: true }> {
  const operator = await requireOperator(deps, actor);
  await transact(deps.db, async (trx) => {
    const article = await curatedOrMissing(trx, id);
    await deleteArticleRow(trx, id);
    const rest = await articlesOf(trx, article.region, article.day, 'curated');
    await renumber(
      trx,
      rest.map((a) => a.id),
      Date.now(),
    );
    await deps.events.record(trx, operator.userId, { type: 'article.changed', articleId: id });
  });
  return { deleted: true };
}

/** InterestAdminResource create {name}: a topic of the operators' choosing (or the one with its slug). */
export async function addTopic(deps: Deps, actor: Actor, name: string): Promise<InterestJson> {
  const operator = await requireOperator(deps, actor);
  const slug = todaySlug(name);
  const topic = await transact(deps.db, async (trx) => {
    const existing = await topicBySlug(trx, slug);
    if (existing) return existing;
    const added = await ensureInterest(trx, name, slug);
    await deps.events.record(trx, operator.userId, { type: 'topic.added', interestId: added.id });
    return added;
  });
  return presentInterest(deps.db, operator.userId, topic);
}

async function curatedOrMissing(db: Db, id: string): Promise<TodayArticle> {
  const article = await findArticle(db, id);
  // Articles made from trends are not edited: an operator curates the day instead.
  if (!article || article.origin !== 'curated') throw new AppError('not_found');
  return article;
}

async function move(db: Db, article: TodayArticle, position: number, now: number): Promise<void> {
  const others = (await articlesOf(db, article.region, article.day, 'curated')).filter((a) => a.id !== article.id).map((a) => a.id);
  others.splice(Math.min(position, others.length), 0, article.id);
  await renumber(db, others, now);
}

type SourceChoice = { pin_ids?: string[] | undefined; interest_id?: string | undefined; query?: string | undefined };

function sourceColumns(choice: SourceChoice): Pick<TodayArticlesTable, 'source' | 'interest_id' | 'query'> {
  if (choice.interest_id !== undefined) return { source: 'interest', interest_id: choice.interest_id, query: null };
  if (choice.query !== undefined) return { source: 'search', interest_id: null, query: choice.query };
  return { source: 'pins', interest_id: null, query: null };
}

/** The topic must exist; the pins and the cover must be pins a visitor may see (an article is public). */
async function checkReferences(deps: Deps, fields: SourceChoice & { cover_pin_id?: string | null | undefined }): Promise<void> {
  if (fields.interest_id !== undefined) {
    const topic = await topicById(deps.db, fields.interest_id);
    if (!topic) throw new AppError('bad_request', 'interest_id: There is no such topic.');
  }
  const listed = fields.pin_ids ?? [];
  if (new Set(listed).size !== listed.length) throw new AppError('bad_request', 'pin_ids: A pin is listed twice.');
  const cover = fields.cover_pin_id ?? null;
  const visible = await keepVisible(deps, asVisitor, cover === null ? listed : [...listed, cover]);
  const missing = listed.find((id) => !visible.has(id));
  if (missing !== undefined) throw new AppError('bad_request', `pin_ids: Pin ${missing} is not a public pin.`);
  if (cover !== null && !visible.has(cover)) throw new AppError('bad_request', 'cover_pin_id: The cover is not a public pin.');
}

async function curatedJson(deps: Deps, id: string): Promise<CuratedArticleJson> {
  const article = await findArticle(deps.db, id);
  if (!article) throw new AppError('not_found');
  const [json] = await withPinIds(deps, [article]);
  if (!json) throw new AppError('not_found');
  return json;
}

async function withPinIds(deps: Deps, articles: readonly TodayArticle[]): Promise<CuratedArticleJson[]> {
  // The operator sees what visitors see: covers and topics as a visitor reads them.
  const presented = await presentArticles(deps, asVisitor, articles);
  return Promise.all(presented.map(async (a) => ({ ...a, pin_ids: await articlePinIds(deps.db, a.id) })));
}
