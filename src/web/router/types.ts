import type { Translate } from '../i18n/translate.tsx';
import type { ComponentType } from 'react';
import type { Viewer } from '../../shared/viewer.ts';

export type PageProps = { params: Record<string, string>; search: string };

export type PageHead = {
  title: string;
  /** The canonical path of the page, or null when it has none (forms, errors). */
  canonicalPath: string | null;
  noindex?: boolean;
};

export type HeadContext = { t: Translate; params: Record<string, string>; viewer: Viewer | null };

/** What every module under src/web/routes/ exports. */
export type RouteModule = {
  default: ComponentType<PageProps>;
  head: (context: HeadContext) => PageHead;
};

export type RouterLocation = { pathname: string; search: string; hash: string };
