import type { LinkPreview, StructuredData } from '../../web/router/types.ts';
import {
  BOOTSTRAP_ELEMENT_ID,
  CORE_TEXTS_ELEMENT_ID,
  ROOT_ELEMENT_ID,
  ROUTE_MANIFEST_ELEMENT_ID,
  SERVER_ERROR_ELEMENT_ID,
  STATE_ELEMENT_ID,
} from '../../shared/bootstrap.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` can close the element or
 * open a comment, and the two line separators JavaScript once rejected are escaped too.
 */
export function jsonScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${safeJson(value)}</script>`;
}

function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => JSON_ESCAPES[c] ?? c);
}

/** The meta description, Open Graph and Twitter card tags of a page that has a preview. */
function previewTags({ title, canonicalUrl, preview }: DocumentParts): string[] {
  if (!preview) return [];
  const meta = (attribute: 'name' | 'property', key: string, value: string | number) => `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}">`;
  const image = preview.image;
  return [
    meta('name', 'description', preview.description),
    meta('property', 'og:site_name', 'Corkboard'),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:title', title),
    meta('property', 'og:description', preview.description),
    canonicalUrl ? meta('property', 'og:url', canonicalUrl) : '',
    ...(image
      ? [
          meta('property', 'og:image', image.url),
          image.width ? meta('property', 'og:image:width', image.width) : '',
          image.height ? meta('property', 'og:image:height', image.height) : '',
          meta('property', 'og:image:alt', image.alt),
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', preview.description),
    ...(image ? [meta('name', 'twitter:image', image.url), meta('name', 'twitter:image:alt', image.alt)] : []),
  ];
}

const serialised = new WeakMap<object, string>();

/**
 * A block whose value is one object for many pages (the build's route manifest, a locale's core
 * texts): serialised once, not on every page. Those objects live as long as their build or locale
 * (a handful), and an entry goes with its object, so the map cannot grow with the traffic.
 */
function sharedJsonScript(id: string, value: object): string {
  let script = serialised.get(value);
  if (script === undefined) {
    script = jsonScript(id, value);
    serialised.set(value, script);
  }
  return script;
}

export type DocumentParts = {
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  canonicalUrl: string | null;
  noindex: boolean;
  preview?: LinkPreview | undefined;
  structuredData?: readonly StructuredData[] | undefined;
  stylesheets: string[];
  scripts: { entry: string; preload: string[] };
  body: string;
  bootstrap?: unknown;
  state?: unknown;
  routes?: object;
  coreTexts?: object;
  serverError?: string;
};

function headTags(parts: DocumentParts): string[] {
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<title>${escapeHtml(parts.title)}</title>`,
    parts.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(parts.canonicalUrl)}">` : '',
    parts.noindex ? '<meta name="robots" content="noindex">' : '',
    ...previewTags(parts),
    ...(parts.structuredData ?? []).map((item) => `<script type="application/ld+json">${safeJson({ '@context': 'https://schema.org', ...item })}</script>`),
    '<meta name="theme-color" content="#ffffff">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...parts.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    // The page is server-rendered: its pictures are worth more than the scripts that bring it to
    // life, and a browser on HTTP/1.1 has six connections for both. Asked at low priority, the
    // scripts wait for the first screen's pictures instead of taking the connections first.
    ...parts.scripts.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" fetchpriority="low">`),
    parts.scripts.entry ? `<script type="module" src="${escapeHtml(parts.scripts.entry)}" fetchpriority="low"></script>` : '',
  ].filter(Boolean);
}

function dataBlocks(parts: DocumentParts): string[] {
  return [
    parts.serverError !== undefined ? jsonScript(SERVER_ERROR_ELEMENT_ID, parts.serverError) : '',
    parts.bootstrap !== undefined ? jsonScript(BOOTSTRAP_ELEMENT_ID, parts.bootstrap) : '',
    parts.routes !== undefined ? sharedJsonScript(ROUTE_MANIFEST_ELEMENT_ID, parts.routes) : '',
    parts.coreTexts !== undefined ? sharedJsonScript(CORE_TEXTS_ELEMENT_ID, parts.coreTexts) : '',
    parts.state !== undefined ? jsonScript(STATE_ELEMENT_ID, parts.state) : '',
  ].filter(Boolean);
}

/** The page: no inline script (the CSP forbids it); the state travels as inert JSON blocks. */
export function renderDocument(parts: DocumentParts): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(parts.lang)}" dir="${parts.dir}">`,
    `<head>${headTags(parts).join('')}</head>`,
    `<body><div id="${ROOT_ELEMENT_ID}">${parts.body}</div>${dataBlocks(parts).join('')}</body>`,
    '</html>',
  ].join('');
}
