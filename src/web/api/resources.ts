import { apiFetch, failure, readJson } from './http.ts';

type ResourceBody = { resource_response?: { status?: string; data?: unknown; bookmark?: string | null } };

/** A resource read with its bookmark: `GET /resource/<Name>Resource/get/?data={"options":…,"context":{}}`. */
export async function readResource(name: string, options: Record<string, unknown>): Promise<{ data: unknown; bookmark: string | null }> {
  const data = encodeURIComponent(JSON.stringify({ options, context: {} }));
  const response = await apiFetch(`/resource/${name}/get/?data=${data}`);
  const body = (await readJson(response)) as ResourceBody | null;
  if (!response.ok || body?.resource_response?.status !== 'success') throw failure(body, response.status);
  return { data: body.resource_response.data, bookmark: body.resource_response.bookmark ?? null };
}

/** A resource read: its data only. */
export async function getResource(name: string, options: Record<string, unknown>): Promise<unknown> {
  return (await readResource(name, options)).data;
}
