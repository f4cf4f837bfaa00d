/*
 * Reports and moderation (viewer spec sections 3 and 4: the report target and the report dialog;
 * docs/decisions/0044-moderation.md). Pure rules both sides share: what can be reported, why, what
 * an operator may do with a case, and who may appeal.
 */

/** The report target's types: the spec's comment, conversation and pin, and the tried-its and members the issue adds. */
export const REPORT_TARGET_TYPES = ['pin', 'comment', 'tried_it', 'conversation', 'member'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The reasons the report dialog offers, in its order. */
export const REPORT_REASONS = [
  'spam',
  'nudity',
  'self_harm',
  'misinformation',
  'hateful',
  'dangerous',
  'harassment',
  'violence',
  'privacy',
  'intellectual_property',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What an operator does with a case; `restore` undoes a hidden pin or comment or a member's restriction (after an appeal). */
export const MODERATION_ACTIONS = ['dismiss', 'hide_pin', 'remove_comment', 'remove_tried_it', 'warn', 'write_ban', 'suspend', 'restore'] as const;
export type ModerationActionName = (typeof MODERATION_ACTIONS)[number];

/** open: new reports wait; appealed: the subject asked again and it is back in the queue; closed: decided. */
export const CASE_STATUSES = ['open', 'appealed', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** Where a member reads the decisions they were told of, and appeals (the decision mails link to it). */
export const MODERATION_DECISIONS_PATH = '/settings/moderation';

export const MAX_REPORT_DETAIL = 500;
export const MAX_MODERATION_REASON = 500;
export const MAX_APPEAL_TEXT = 1000;
export const MAX_FEEDBACK_TEXT = 5000;

/** Actions that change something for the subject: they are told, and may appeal. */
const AFFECTING: readonly ModerationActionName[] = ['hide_pin', 'remove_comment', 'remove_tried_it', 'warn', 'write_ban', 'suspend'];

export function affectsSubject(action: ModerationActionName): boolean {
  return AFFECTING.includes(action);
}

/** The actions an operator may take on a case about this target: a pin can be hidden, a comment or a tried-it removed; a member only acted on when the case names one. */
export function actionsFor(targetType: ReportTargetType, hasSubject: boolean): ModerationActionName[] {
  const actions: ModerationActionName[] = ['dismiss'];
  if (targetType === 'pin') actions.push('hide_pin');
  if (targetType === 'comment') actions.push('remove_comment');
  if (targetType === 'tried_it') actions.push('remove_tried_it');
  if (hasSubject) actions.push('warn', 'write_ban', 'suspend', 'restore');
  return actions;
}

/** A case is worked while open or appealed; a closed case takes no further action until a new report or an appeal. */
export function isActionable(status: CaseStatus): boolean {
  return status !== 'closed';
}

/** The subject may appeal a closed case once, when its last decision affected them. */
export function mayAppeal(input: { status: CaseStatus; lastAction: ModerationActionName | null; appealed: boolean }): boolean {
  return input.status === 'closed' && input.lastAction !== null && affectsSubject(input.lastAction) && !input.appealed;
}

/** Spec section 4: blank or whitespace-only feedback counts as sent, with no call. */
export function isBlankFeedback(text: string): boolean {
  return text.trim() === '';
}

/** The sum of flag weights that hides a comment until an operator reviews it. */
export const FLAG_HIDE_THRESHOLD = 3;

/** The actions that count as an operator acting on a report or flag (a dismissal does not). */
export const UPHELD_ACTIONS: readonly ModerationActionName[] = ['hide_pin', 'remove_comment', 'remove_tried_it', 'warn', 'write_ban', 'suspend'];

/**
 * A flagger's weight from their past accuracy: with no decided report or flag it is 1; otherwise
 * 0.5 + 1.5 × the share operators acted on, so from 0.5 (every one dismissed) to 2 (every one upheld).
 */
export function flagWeight(history: { decided: number; upheld: number }): number {
  if (history.decided <= 0) return 1;
  const share = Math.min(1, Math.max(0, history.upheld / history.decided));
  return 0.5 + 1.5 * share;
}

/** Whether the flags' weights together reach the hiding threshold. */
export function flagsHide(weights: readonly number[]): boolean {
  return weights.reduce((sum, w) => sum + w, 0) >= FLAG_HIDE_THRESHOLD;
}
