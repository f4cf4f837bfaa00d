import { apiFetch, failure, readJson } from './http.ts';
import type { DataOf, OptionsOf } from './resource-types.ts';

type ResourceBody = { resource_response?: { status?: string; data?: unknown; bookmark?: string | null } };

/** A resource read with its bookmark: `GET /resource/<Name>Resource/get/?data={"options":…,"context":{}}`. */
export async function readResource<N extends string>(name: N, options: OptionsOf<N>): Promise<{ data: DataOf<N>; bookmark: string | null }> {
  const data = encodeURIComponent(JSON.stringify({ options, context: {} }));
  const response = await apiFetch(`/resource/${name}/get/?data=${data}`);
  const body = (await readJson(response)) as ResourceBody | null;
  if (!response.ok || body?.resource_response?.status !== 'success') throw failure(body, response.status);
  // The server checks its answers against the same contract (in tests: docs/decisions/0034).
  return { data: body.resource_response.data as DataOf<N>, bookmark: body.resource_response.bookmark ?? null };
}

/** A resource read: its data only. */
export async function getResource<N extends string>(name: N, options: OptionsOf<N>): Promise<DataOf<N>> {
  return (await readResource(name, options)).data;
}
