import type { TypedRequest } from '../api/resource-types.ts';
import { apiFetch, callResource, failure, readJson } from '../api/http.ts';
import type { AggregatedCommentJson } from '../../shared/contracts/comments.ts';

export type CommentJson = AggregatedCommentJson;

/** The first page of a pin's (or one of its tried-its') comments (newest first), or of one comment's replies. */
export function commentsRequest(pinId: string, parentId?: string, didItId?: string | null): TypedRequest<'AggregatedCommentFeedResource'> {
  return {
    name: 'AggregatedCommentFeedResource',
    options: { pin_id: pinId, ...(didItId ? { did_it_id: didItId } : {}), ...(parentId ? { parent_id: parentId } : {}) },
  };
}

type Envelope = { status?: string; data?: unknown };

/** A v3 comment call (viewer spec section 7); resolves to `data` of the success envelope. */
async function send(method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, fields?: Record<string, string>): Promise<unknown> {
  const init: RequestInit = { method };
  if (fields) {
    init.headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    init.body = new URLSearchParams(fields).toString();
  }
  const response = await apiFetch(path, init);
  const body = (await readJson(response)) as Envelope | null;
  if (!response.ok || body?.status !== 'success') throw failure(body, response.status);
  return body.data;
}

export const commentCalls = {
  write: (pinId: string, text: string, parentId?: string, didItId?: string | null) =>
    callResource('AggregatedCommentResource', 'create', {
      pin_id: pinId,
      text,
      ...(didItId ? { did_it_id: didItId } : {}),
      ...(parentId ? { parent_id: parentId } : {}),
    }),
  edit: (commentId: string, text: string) => callResource('AggregatedCommentResource', 'update', { commentId, text, force: true }),
  remove: (commentId: string) => callResource('AggregatedCommentResource', 'delete', { commentId }),
  hide: (pinId: string, commentId: string) => callResource('AggregatedCommentHideResource', 'create', { pin_id: pinId, comment_id: commentId }),
  hideUser: (pinId: string, userId: string) => callResource('AggregatedCommentHideResource', 'create', { pin_id: pinId, user_id: userId }),
  like: (id: string, on: boolean) =>
    on ? send('POST', `/v3/aggregated_comments/${id}/react/`, { reaction_type: '1' }) : send('DELETE', `/v3/aggregated_comments/${id}/react/`),
  helpful: (id: string, on: boolean) => send(on ? 'POST' : 'DELETE', `/v3/helpful/1/${id}/`),
  highlight: (id: string, pinId: string, on: boolean) =>
    send('PUT', '/v3/aggregated_comments/pin/highlight/', { aggregated_comment: id, pin: pinId, highlight: String(on) }),
  /** The translated text; empty when translation failed (viewer spec section 8). */
  translate: async (id: string, language: string) => {
    try {
      const data = (await send('GET', `/v3/aggregated_comments/${id}/translate/?language=${encodeURIComponent(language)}`)) as { text?: string };
      return data.text ?? '';
    } catch {
      return '';
    }
  },
};

/** Each comment once: a page loaded while a refresh ran, or a helpful order that moved between pages, can bring one twice. */
export function uniqueComments(comments: readonly CommentJson[]): CommentJson[] {
  const seen = new Set<string>();
  return comments.filter((c) => {
    if (seen.has(c.id)) return false;
    seen.add(c.id);
    return true;
  });
}
