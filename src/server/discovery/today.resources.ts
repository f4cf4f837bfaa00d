import { AnyOptions } from '../boards/boards.resources.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { ArticleChanges, ArticleFeedOptions, ArticleFields, ArticleRef, CuratedListOptions, TodayOptions, TopicFields } from './discovery.inputs.ts';
import { requireOperatorScreen } from '../access/operators.ts';
import { addTopic, createArticle, curatedArticles, deleteArticle, updateArticle } from './today-admin.service.ts';
import { todayArticle, todayArticleFeed, todayArticles } from './today.service.ts';

/**
 * TodayArticlesResource get {region}: {region, day, articles}. The day is read from the clock, so
 * a visitor's cached answer may outlive midnight by the visitor cache's minute at most.
 */
export const TodayArticlesResource = defineUntypedResource({
  name: 'TodayArticlesResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => ({ data: await todayArticles(deps, actor, parseInput(TodayOptions, options).region) }),
});

/** TodayArticleResource get {id}: one article (its page's header). */
export const TodayArticleResource = defineUntypedResource({
  name: 'TodayArticleResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => ({ data: await todayArticle(deps, actor, parseInput(ArticleRef, options).id) }),
});

/** TodayArticleFeedResource get {id, lead_pin_id?, bookmark?}: an article's pins. */
export const TodayArticleFeedResource = defineUntypedResource({
  name: 'TodayArticleFeedResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => {
    const page = await todayArticleFeed(deps, actor, parseInput(ArticleFeedOptions, options));
    return { data: page.pins, bookmark: page.bookmark };
  },
});

/**
 * TodayArticleAdminResource, operators only (401 for visitors, 403 for other members): get
 * {region, day} the curated articles; create {title, kind, is_shop?, region, day, cover_pin_id?,
 * and one of pin_ids, interest_id, query}; update {id, ...changes, position?}; delete {id}.
 */
export const TodayArticleAdminResource = defineUntypedResource({
  name: 'TodayArticleAdminResource',
  options: AnyOptions,
  get: async ({ options, actor, deps }) => {
    const { region, day } = parseInput(CuratedListOptions, options);
    return { data: await curatedArticles(deps, actor, region, day) };
  },
  create: async ({ options, actor, deps }) => ({ data: await createArticle(deps, actor, parseInput(ArticleFields, options)) }),
  update: async ({ options, actor, deps }) => ({ data: await updateArticle(deps, actor, parseInput(ArticleChanges, options)) }),
  delete: async ({ options, actor, deps }) => ({ data: await deleteArticle(deps, actor, parseInput(ArticleRef, options).id) }),
});

/** InterestAdminResource create {name}: operators add topics beyond the demo's. */
export const InterestAdminResource = defineUntypedResource({
  name: 'InterestAdminResource',
  options: AnyOptions,
  create: async ({ options, actor, deps }) => ({ data: await addTopic(deps, actor, parseInput(TopicFields, options).name) }),
});

/** OperatorScreenResource get {}: {operator: true} for operators; the screen is not found (404) for anyone else. */
export const OperatorScreenResource = defineUntypedResource({
  name: 'OperatorScreenResource',
  options: AnyOptions,
  get: async ({ actor, deps }) => {
    await requireOperatorScreen(deps, actor);
    return { data: { operator: true } };
  },
});

export const todayResources: Resource[] = [
  TodayArticlesResource,
  TodayArticleResource,
  TodayArticleFeedResource,
  TodayArticleAdminResource,
  InterestAdminResource,
  OperatorScreenResource,
];
