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
  /**
   * The username of the member whose page or content this is: when they keep their pages out of
   * search engines (privacy settings), the page server adds noindex.
   */
  member?: string;
  /** What search results and link previews show (meta description, Open Graph, Twitter cards). */
  preview?: LinkPreview;
  /** The page's schema.org items, sent as JSON-LD for search engines. */
  structuredData?: readonly StructuredData[];
};

export type LinkPreview = {
  description: string;
  /** The Open Graph type. */
  type: 'website' | 'article' | 'profile' | 'video.other';
  /** Its size when known, so previews lay out before the picture loads. */
  image?: { url: string; width?: number; height?: number; alt: string } | undefined;
};

/** A schema.org item: `@type` and its properties. */
export type StructuredData = { '@type': string } & Record<string, unknown>;

export type HeadContext = {
  t: Translate;
  /** The site's origin (https://host), for the absolute URLs of structured data. */
  origin: string;
  params: Record<string, string>;
  /** The page's query string ("?q=..."), for pages whose head depends on it (search). */
  search: string;
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
