import { NuxPage } from '../nux/NuxPage.tsx';
import { nuxInterestsRequest, nuxRequest } from '../nux/requests.ts';
import type { HeadContext, PageHead, PageInput, PageResource } from '../router/types.ts';

export function head({ t }: HeadContext): PageHead {
  return { title: t('nux.pageTitle'), canonicalPath: null, noindex: true };
}

/** /nux/: onboarding after sign-up (the server sends visitors to log in and finished members home). */
export function resources({ viewer }: PageInput): PageResource[] {
  return viewer ? [nuxRequest(), nuxInterestsRequest()] : [];
}

export default NuxPage;
