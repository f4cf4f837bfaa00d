import type { DataOf, OptionsOf } from './resource-types.ts';
import { APP_VERSION_HEADER } from '../../shared/constants.ts';
import { shouldFlagNewVersion } from '../../shared/startup.ts';

/** An answer in the error envelope: `{status:'failure', code, message, message_detail}`. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number | null;
  readonly httpStatus: number;
  readonly detail: string | null;
  /** What the client needs to go on, e.g. the pending token of a two-factor login. */
  readonly extra: Readonly<Record<string, unknown>> | null;

  constructor(message: string, code: number | null, httpStatus: number, detail: string | null = null, extra: Record<string, unknown> | null = null) {
    super(message);
    this.code = code;
    this.httpStatus = httpStatus;
    this.detail = detail;
    this.extra = extra;
  }
}

let currentVersion = '';
let pendingVersion: string | null = null;

/** Set at start-up from the bootstrap. */
export function setAppVersion(version: string): void {
  currentVersion = version;
}

/** A newer deployment answered: the next route change reloads the page. */
export function isNewVersionPending(): boolean {
  return pendingVersion !== null;
}

function noteVersion(response: Response, url: URL): void {
  const received = response.headers.get(APP_VERSION_HEADER);
  const flag = shouldFlagNewVersion({
    current: currentVersion,
    received,
    sameSite: url.origin === window.location.origin,
    alreadyFlagged: pendingVersion !== null,
  });
  if (flag) pendingVersion = received;
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** fetch with our credentials, the CSRF header on writes and the app-version check. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(path, window.location.origin);
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.method && init.method !== 'GET') headers.set('X-CSRFToken', readCookie('csrftoken') ?? '');
  const response = await fetch(url, { ...init, headers, credentials: 'same-origin' });
  noteVersion(response, url);
  return response;
}

type Envelope = { status?: string; code?: number; message?: string; message_detail?: string | null; data?: unknown; extra_data?: unknown };

/** The body as JSON, or null when it is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** The ApiError a REST or resource error envelope describes. */
export function failure(body: unknown, status: number): ApiError {
  const envelope = (body ?? {}) as Envelope & { resource_response?: Envelope & { error?: Envelope } };
  const source = envelope.resource_response?.error ?? envelope.resource_response ?? envelope;
  const message = source.message ?? `HTTP ${status}`;
  const extra = typeof source.extra_data === 'object' && source.extra_data !== null ? (source.extra_data as Record<string, unknown>) : null;
  return new ApiError(message, typeof source.code === 'number' ? source.code : null, status, source.message_detail ?? null, extra);
}

/** POST form fields to a v3 REST path; resolves to `data` of a success envelope. */
export function postForm(path: string, fields: Record<string, string>): Promise<unknown> {
  return sendForm('POST', path, fields);
}

/** A v3 REST write with form fields; resolves to `data` of a success envelope. */
export async function sendForm(method: 'POST' | 'PUT', path: string, fields: Record<string, string>): Promise<unknown> {
  const response = await apiFetch(path, {
    method,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const body = (await readJson(response)) as Envelope | null;
  if (!response.ok || body?.status !== 'success') throw failure(body, response.status);
  return body.data;
}

/** A resource call: `POST /resource/<Name>Resource/<verb>/` with `data={"options":…,"context":{}}`. */
export async function callResource<N extends string, V extends 'create' | 'update' | 'delete'>(
  name: N,
  verb: V,
  options: OptionsOf<N, V>,
): Promise<DataOf<N, V>> {
  const response = await apiFetch(`/resource/${name}/${verb}/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ data: JSON.stringify({ options, context: {} }) }).toString(),
  });
  const body = (await readJson(response)) as { resource_response?: Envelope } | null;
  if (!response.ok || body?.resource_response?.status !== 'success') throw failure(body, response.status);
  return body.resource_response.data as DataOf<N, V>;
}
