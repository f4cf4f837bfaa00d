import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteManifest } from '../../shared/bootstrap.ts';
import type * as EntryServer from '../../web/entry-server.tsx';

/** The output of `npm run build`: dist/client (browser files) and dist/server (the renderer). */
export const DIST_DIR = path.resolve(import.meta.dirname, '../../../dist');
export const CLIENT_DIR = path.join(DIST_DIR, 'client');
export const ASSETS_DIR = path.join(CLIENT_DIR, 'assets');
const MANIFEST_FILE = path.join(CLIENT_DIR, '.vite', 'manifest.json');
const RENDERER_FILE = path.join(DIST_DIR, 'server', 'entry-server.js');
const ENTRY_SOURCE = 'src/web/entry-client.tsx';
/** The manifest's key for the one stylesheet of the whole client (vite.config.ts: cssCodeSplit off). */
const STYLESHEET_KEY = 'style.css';

type ManifestChunk = { file: string; imports?: string[] };
type ViteManifest = Record<string, ManifestChunk>;

export type Renderer = typeof EntryServer;

export type ClientBuild = {
  /** Changes whenever any client file changes: the manifest names every content hash. */
  appVersion: string;
  entry: { js: string; css: string[]; preload: string[] };
  routes: RouteManifest;
  /** A handler's chunk with everything it imports, for `<link rel="modulepreload">`. */
  routeScripts(handlerId: string): string[];
  renderer: Renderer;
};

const asUrl = (file: string) => `/${file}`;

/** The chunk and every chunk it statically imports, each once. */
function closure(manifest: ViteManifest, key: string): string[] {
  const js = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || js.has(asUrl(chunk.file))) return;
    js.add(asUrl(chunk.file));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...js];
}

function routeManifest(manifest: ViteManifest, sources: Record<string, string>): RouteManifest {
  const routes: RouteManifest = {};
  for (const [handlerId, source] of Object.entries(sources)) {
    const chunk = manifest[source];
    if (chunk) routes[handlerId] = { js: asUrl(chunk.file) };
  }
  return routes;
}

async function load(): Promise<ClientBuild | null> {
  if (!fs.existsSync(MANIFEST_FILE) || !fs.existsSync(RENDERER_FILE)) return null;
  const text = fs.readFileSync(MANIFEST_FILE, 'utf8');
  const manifest = JSON.parse(text) as ViteManifest;
  const renderer = (await import(pathToFileURL(RENDERER_FILE).href)) as Renderer;
  const [entryJs = '', ...preload] = closure(manifest, ENTRY_SOURCE);
  const stylesheet = manifest[STYLESHEET_KEY];
  const sources = renderer.handlerSources();
  const scriptsByHandler = new Map(Object.entries(sources).map(([handlerId, source]) => [handlerId, closure(manifest, source)]));
  return {
    appVersion: crypto.createHash('sha256').update(text).digest('hex').slice(0, 12),
    entry: { js: entryJs, css: stylesheet ? [asUrl(stylesheet.file)] : [], preload },
    routes: routeManifest(manifest, sources),
    routeScripts: (handlerId) => scriptsByHandler.get(handlerId) ?? [],
    renderer,
  };
}

let loaded: Promise<ClientBuild | null> | null = null;

/** The build, read once; retried on each call until it exists so a server started first still works. */
export async function clientBuild(): Promise<ClientBuild | null> {
  loaded ??= load();
  const build = await loaded;
  if (!build) loaded = null;
  return build;
}

/** The version the X-App-Version header names before the build is first read. */
export function currentAppVersion(): string {
  if (!fs.existsSync(MANIFEST_FILE)) return 'dev';
  return crypto.createHash('sha256').update(fs.readFileSync(MANIFEST_FILE)).digest('hex').slice(0, 12);
}
