import { HYDRATION_DELAY_MS } from '../../shared/constants.ts';
import {
  BOOTSTRAP_ELEMENT_ID,
  CORE_TEXTS_ELEMENT_ID,
  ROOT_ELEMENT_ID,
  ROUTE_MANIFEST_ELEMENT_ID,
  SERVER_ERROR_ELEMENT_ID,
  STATE_ELEMENT_ID,
  type Bootstrap,
  type InitialState,
  type RouteManifest,
} from '../../shared/bootstrap.ts';
import { readStartupQuery, startupStorageWrites } from '../../shared/startup.ts';
import { apiFetch } from '../api/http.ts';
import type { Bundles } from '../i18n/i18n.ts';
import { PlatformError } from './errors.ts';
import { writeSession } from '../app/storage.ts';

function readJsonBlock(id: string): unknown {
  const element = document.getElementById(id);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent);
  } catch {
    throw new PlatformError(`The ${id} block is not valid JSON`);
  }
}

export type PageParts = { bootstrap: Bootstrap; routes: RouteManifest; coreTexts: Bundles; root: HTMLElement; state: InitialState | null };

/** The server-embedded parts start-up needs; any missing one is a PlatformError. */
export function readPageParts(): PageParts {
  const serverError = document.getElementById(SERVER_ERROR_ELEMENT_ID);
  if (serverError) throw new PlatformError(serverError.textContent || 'Server error');
  const bootstrap = readJsonBlock(BOOTSTRAP_ELEMENT_ID) as Bootstrap | null;
  if (!bootstrap || typeof bootstrap.appVersion !== 'string') throw new PlatformError('Missing bootstrap');
  const routes = readJsonBlock(ROUTE_MANIFEST_ELEMENT_ID) as RouteManifest | null;
  if (!routes) throw new PlatformError('Missing route manifest');
  const coreTexts = readJsonBlock(CORE_TEXTS_ELEMENT_ID) as Bundles | null;
  if (!coreTexts) throw new PlatformError('Missing core texts');
  const root = document.getElementById(ROOT_ELEMENT_ID);
  if (!root) throw new PlatformError('Missing root element');
  return { bootstrap, routes, coreTexts, root, state: readJsonBlock(STATE_ELEMENT_ID) as InitialState | null };
}

/** Without server-embedded state (a cached or client-only render) the state is fetched. */
export async function fetchInitialState(): Promise<InitialState> {
  const sourceUrl = window.location.pathname + window.location.search;
  const response = await apiFetch(`/_/_/state?source_url=${encodeURIComponent(sourceUrl)}`);
  if (!response.ok) throw new PlatformError(`Initial state answered HTTP ${response.status}`);
  return (await response.json()) as InitialState;
}

/** Keeps invite code, campaign, installed-app and paid-traffic markers for this visit. */
export function recordStartupQuery(url: URL): void {
  writeSession(startupStorageWrites(readStartupQuery(url.searchParams)));
}

/** With group enabled_delay_hydration, hydration waits 500 ms. */
export function hydrationDelayMs(bootstrap: Bootstrap): number {
  return Object.values(bootstrap.experiments.active).includes('enabled_delay_hydration') ? HYDRATION_DELAY_MS : 0;
}
