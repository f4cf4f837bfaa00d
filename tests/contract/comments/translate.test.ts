import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBootstrap } from '../../../src/server/pages/page-context.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient } from '../../support/factories.ts';
import { ok } from '../boards/helpers.ts';
import { editComment, pinOf, rest, restOk, writeComment, type Comment } from './helpers.ts';

type Translation = { id: string; language: string; text: string };

/** A LibreTranslate stand-in: POST /translate {q, target} answers "[target] q"; a text with "fail" gets a 500. */
function startTranslator() {
  const calls: { q: string; target: string; source: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const input = JSON.parse(body) as { q: string; target: string; source: string };
      calls.push(input);
      if (request.url !== '/translate' || input.q.includes('fail')) {
        response.writeHead(500).end('{"error":"no"}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: `[${input.target}] ${input.q}` }));
    });
  });
  return { server, calls };
}

describe.each(databaseKinds)('comment translation on %s', (kind) => {
  let t: TestApp;
  const translator = startTranslator();
  beforeAll(async () => {
    await new Promise<void>((resolve) => translator.server.listen(0, '127.0.0.1', resolve));
    const { port } = translator.server.address() as AddressInfo;
    t = await startTestApp(kind, { worker: false, env: { TRANSLATE_URL: `http://127.0.0.1:${port}/` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => translator.server.close(resolve));
  });

  it('translates through the service, caches per comment and language, and forgets on edit', async () => {
    const { pin } = await pinOf(t, 'trowner');
    const author = await signIn(t, await makeUser(t.deps, 'trauthor'));
    const comment = ok<Comment>(await writeComment(author, { pin_id: pin.id, text: 'Hola amigos' }));
    const visitor = await visitorClient(t);
    const url = `/v3/aggregated_comments/${comment.id}/translate/`;
    expect(restOk<Translation>(await rest(visitor, 'GET', `${url}?language=en_US`))).toEqual({ id: comment.id, language: 'en', text: '[en] Hola amigos' });
    expect(restOk<Translation>(await rest(author, 'GET', `${url}?language=en`)).text).toBe('[en] Hola amigos');
    expect(restOk<Translation>(await rest(author, 'GET', `${url}?language=de`)).text).toBe('[de] Hola amigos');
    expect(translator.calls.filter((c) => c.q === 'Hola amigos')).toEqual([
      { q: 'Hola amigos', target: 'en', source: 'auto', format: 'text' },
      { q: 'Hola amigos', target: 'de', source: 'auto', format: 'text' },
    ]);
    ok(await editComment(author, { commentId: comment.id, text: 'Hola a todos' }));
    expect(restOk<Translation>(await rest(author, 'GET', `${url}?language=en`)).text).toBe('[en] Hola a todos');
  });

  it('answers empty text when the service fails, and caches nothing then', async () => {
    const { pin } = await pinOf(t, 'tfowner');
    const author = await signIn(t, await makeUser(t.deps, 'tfauthor'));
    const comment = ok<Comment>(await writeComment(author, { pin_id: pin.id, text: 'this will fail' }));
    const url = `/v3/aggregated_comments/${comment.id}/translate/?language=fr`;
    expect(restOk<Translation>(await rest(author, 'GET', url)).text).toBe('');
    expect(restOk<Translation>(await rest(author, 'GET', url)).text).toBe('');
    expect(translator.calls.filter((c) => c.q === 'this will fail')).toHaveLength(2);
    expect(await t.deps.db.selectFrom('comment_translations').selectAll().where('comment_id', '=', comment.id).execute()).toEqual([]);
  });

  it('the configured translator is available, so the bootstrap shows the button', () => {
    expect(t.deps.ports.translator.available).toBe(true);
    const page = { url: new URL('http://localhost/pin/1/'), userAgent: '', acceptLanguage: null };
    expect(
      buildBootstrap({ page, match: null, viewer: null, locale: 'en_US', appVersion: 'x', canTranslate: t.deps.ports.translator.available }).canTranslate,
    ).toBe(true);
    expect(buildBootstrap({ page, match: null, viewer: null, locale: 'en_US', appVersion: 'x' }).canTranslate).toBe(false);
  });
});
