import { describe, expect, it } from 'vitest';
import { FEEDBACK_OPEN, feedbackData, feedbackFailed, feedbackSent, startFeedback } from '../../../src/web/moderation/feedback-state.ts';

describe('feedback modal states (viewer spec section 4)', () => {
  it('opens ready to write', () => {
    expect(FEEDBACK_OPEN).toEqual({ status: 'open' });
  });

  it('counts empty or whitespace-only text as success with no call', () => {
    expect(startFeedback('')).toEqual({ state: { status: 'complete' }, call: false });
    expect(startFeedback('  \n\t')).toEqual({ state: { status: 'complete' }, call: false });
  });

  it('submits non-blank text, then completes or fails keeping the error text', () => {
    expect(startFeedback(' Love it ')).toEqual({ state: { status: 'submitting' }, call: true });
    expect(feedbackSent()).toEqual({ status: 'complete' });
    expect(feedbackFailed('Sorry! Something went wrong on our end!')).toEqual({ status: 'failed', error: 'Sorry! Something went wrong on our end!' });
  });

  it('sends feedback_data as JSON text with the page', () => {
    expect(JSON.parse(feedbackData('Hi', '/pin/1/'))).toEqual({ text: 'Hi', page: '/pin/1/' });
  });
});
