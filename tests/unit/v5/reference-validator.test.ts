import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectReferenceShape } from '../../support/openapi.ts';

/** A stand-in answer with just what the validator reads. */
function answer(statusCode: number, body: unknown): LightMyRequestResponse {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    statusCode,
    body: text,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    json: () => JSON.parse(text) as unknown,
  } as unknown as LightMyRequestResponse;
}

const pin = {
  id: '123',
  board_id: '456',
  board_section_id: null,
  created_at: '2024-05-01T10:00:00.000Z',
  media: { media_type: 'image', images: { '150x150': { url: 'https://x/y.jpg', width: 136, height: 136 } } },
};

describe('the reference validator', () => {
  it('takes answers that follow the reference, nullable fields and discriminated media included', () => {
    expectReferenceShape('GET', '/pins/{pin_id}', answer(200, pin));
    expectReferenceShape('GET', '/boards/{board_id}/pins', answer(200, { items: [pin], bookmark: null }));
    expectReferenceShape('DELETE', '/boards/{board_id}', answer(204, undefined));
    expectReferenceShape('GET', '/boards/{board_id}', answer(404, { code: 5, message: 'Not found.' }));
  });

  it('refuses answers that break it: wrong types, a bad pattern, a bad date, an unknown media type, a missing field', () => {
    const broken = [
      ['GET', '/pins/{pin_id}', answer(200, { ...pin, id: 123 })],
      ['GET', '/pins/{pin_id}', answer(200, { ...pin, board_id: 'abc' })],
      ['GET', '/pins/{pin_id}', answer(200, { ...pin, created_at: 'yesterday' })],
      ['GET', '/pins/{pin_id}', answer(200, { ...pin, media: { media_type: 'hologram' } })],
      ['GET', '/boards/{board_id}', answer(200, { id: '1', name: 'x', privacy: 'FRIENDS' })],
      ['GET', '/boards/{board_id}/pins', answer(200, { bookmark: null })],
      ['GET', '/boards/{board_id}', answer(404, { message: 'Not found.' })],
      ['DELETE', '/boards/{board_id}', answer(204, { deleted: true })],
    ] as const;
    for (const [method, path, response] of broken) {
      expect(() => {
        expectReferenceShape(method, path, response);
      }, `${path} ${response.body}`).toThrow();
    }
  });
});
