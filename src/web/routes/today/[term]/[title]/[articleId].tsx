import { articleRoute } from '../../../../discovery/ArticlePage.tsx';

// The older address of an article: its last segment is the article, its title may carry a lead pin.
const route = articleRoute((params) => ({ id: params['articleId'] ?? '', slug: params['title'] ?? '' }));

export const head = route.head;

export const resources = route.resources;

export default route.Page;
