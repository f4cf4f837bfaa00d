import { isBlankFeedback } from '../../shared/moderation.ts';

/**
 * The feedback modal's states (viewer spec section 4): open, submitting, then complete or failed
 * with the error text kept; removing the modal resets them. Blank or whitespace-only text counts
 * as success with no call.
 */
export type FeedbackState = { status: 'open' } | { status: 'submitting' } | { status: 'complete' } | { status: 'failed'; error: string };

export const FEEDBACK_OPEN: FeedbackState = { status: 'open' };

/** What sending `text` does first: finish at once (blank) or call the server. */
export function startFeedback(text: string): { state: FeedbackState; call: boolean } {
  if (isBlankFeedback(text)) return { state: { status: 'complete' }, call: false };
  return { state: { status: 'submitting' }, call: true };
}

export function feedbackSent(): FeedbackState {
  return { status: 'complete' };
}

export function feedbackFailed(error: string): FeedbackState {
  return { status: 'failed', error };
}

/** The feedback_data JSON text of spec section 7: the text and the page it was sent from. */
export function feedbackData(text: string, page: string): string {
  return JSON.stringify({ text, page });
}
