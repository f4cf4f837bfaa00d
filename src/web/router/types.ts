import type { Translate } from '../i18n/translate.tsx';
import type { ComponentType } from 'react';
import type { ResourceRequest } from '../../shared/resource-cache.ts';
import type { Viewer } from '../../shared/viewer.ts';

export type PageProps = { params: Record<string, string>; search: string };

export type PageHead = {
  title: string;
  /** The canonical path of the page, or null when it has none (forms, errors). */
  canonicalPath: string | null;
  noindex?: boolean;
};

export type HeadContext = {
  t: Translate;
  params: Record<string, string>;
  viewer: Viewer | null;
  /** A loaded resource's data (a board's name for the title), undefined until it is loaded. */
  data: (request: ResourceRequest) => unknown;
};

/** A resource the page reads; `required`: when it answers 404 the page is a 404. */
export type PageResource = ResourceRequest & { required?: boolean };

export type PageInput = { params: Record<string, string>; search: string; viewer: Viewer | null };

/** What every module under src/web/routes/ exports. */
export type RouteModule = {
  default: ComponentType<PageProps>;
  head: (context: HeadContext) => PageHead;
  /** What the server loads before rendering, so the first paint has the page's content. */
  resources?: (input: PageInput) => PageResource[];
};

export type RouterLocation = { pathname: string; search: string; hash: string };
