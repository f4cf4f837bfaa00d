import type { TypedRequest } from '../api/resource-types.ts';

export function queueRequest(status: 'waiting' | 'closed'): TypedRequest<'ModerationQueueResource'> {
  return { name: 'ModerationQueueResource', options: { status } };
}

export function logRequest(): TypedRequest<'ModerationLogResource'> {
  return { name: 'ModerationLogResource', options: {} };
}

export function feedbackRequest(): TypedRequest<'FeedbackAdminResource'> {
  return { name: 'FeedbackAdminResource', options: {} };
}
