import {
  InterestAdminResource,
  OperatorScreenResource,
  TodayArticleAdminResource,
  TodayArticleFeedResource,
  TodayArticleResource,
  TodayArticlesResource,
} from '../../shared/contracts/discovery.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { addTopic, createArticle, curatedArticles, deleteArticle, operatorScreen, updateArticle } from './today-admin.service.ts';
import { todayArticle, todayArticleFeed, todayArticles } from './today.service.ts';

/* Today's articles and the operators' Today screen (contracts in src/shared/contracts/discovery.ts). */

export const todayResources: Resource[] = [
  defineResource(TodayArticlesResource, {
    get: async ({ input, actor, deps }) => ({ data: await todayArticles(deps, actor, input.region) }),
  }),
  defineResource(TodayArticleResource, {
    get: async ({ input, actor, deps }) => ({ data: await todayArticle(deps, actor, input.id) }),
  }),
  defineResource(TodayArticleFeedResource, {
    get: async ({ input, actor, deps }) => {
      const page = await todayArticleFeed(deps, actor, input);
      return { data: page.pins, bookmark: page.bookmark };
    },
  }),
  defineResource(TodayArticleAdminResource, {
    get: async ({ input, actor, deps }) => ({ data: await curatedArticles(deps, actor, input.region, input.day) }),
    create: async ({ input, actor, deps }) => ({ data: await createArticle(deps, actor, input) }),
    update: async ({ input, actor, deps }) => ({ data: await updateArticle(deps, actor, input) }),
    delete: async ({ input, actor, deps }) => ({ data: await deleteArticle(deps, actor, input.id) }),
  }),
  defineResource(InterestAdminResource, {
    create: async ({ input, actor, deps }) => ({ data: await addTopic(deps, actor, input.name) }),
  }),
  defineResource(OperatorScreenResource, {
    get: async ({ actor, deps }) => ({ data: await operatorScreen(deps, actor) }),
  }),
];
