import { apiFetch, failure, readJson } from './http.ts';

type ResourceBody = { resource_response?: { status?: string; data?: unknown } };

/** A resource read: `GET /resource/<Name>Resource/get/?data={"options":…,"context":{}}`. */
export async function getResource(name: string, options: Record<string, unknown>): Promise<unknown> {
  const data = encodeURIComponent(JSON.stringify({ options, context: {} }));
  const response = await apiFetch(`/resource/${name}/get/?data=${data}`);
  const body = (await readJson(response)) as ResourceBody | null;
  if (!response.ok || body?.resource_response?.status !== 'success') throw failure(body, response.status);
  return body.resource_response.data;
}
