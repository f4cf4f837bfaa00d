import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export type Envelope<T> = {
  resource_response: { status: string; data: T; bookmark: string | null; error: { code: number; message: string; http_status: number } | null };
};

/** The data of a successful resource call; fails the test with the body otherwise. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it expects, as with response.json<T>()
export function ok<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<T>>().resource_response.data;
}

export function bookmarkOf(response: LightMyRequestResponse): string | null {
  return response.json<Envelope<unknown>>().resource_response.bookmark;
}

/** A failure in the resource envelope with the given HTTP status. */
export function failed(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ resource_response: { status: 'failure', data: null, error: { http_status: status } } });
}
