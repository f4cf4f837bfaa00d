import type { HeadContext, PageHead } from '../router/types.ts';

/** The head of the not-found page, kept apart from the page, which only a 404 loads. */
export function notFoundHead({ t }: HeadContext): PageHead {
  return { title: t('notFound.title'), canonicalPath: null, noindex: true };
}
