import { articleRoute } from '../../../../discovery/ArticlePage.tsx';

const route = articleRoute((params) => ({ id: params['id'] ?? '', slug: params['slug'] ?? '' }));

export const head = route.head;

export const resources = route.resources;

export default route.Page;
