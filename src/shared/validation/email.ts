import { z } from 'zod';

export const EMAIL_MAX_LENGTH = 254;

export const EMAIL_MESSAGES = {
  required: 'Required',
  invalid: 'Please enter a valid email address',
} as const;

// Deliberately practical rather than RFC 5322: one @, no spaces or quotes, a dotted domain of
// letters, digits and hyphens (internationalised domains arrive here in their xn-- form).
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}$/;
const DOMAIN_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The message to show for an email address, or null when it is acceptable. */
export function emailProblem(raw: string): string | null {
  const email = raw.trim();
  if (email.length === 0) return EMAIL_MESSAGES.required;
  if (email.length > EMAIL_MAX_LENGTH) return EMAIL_MESSAGES.invalid;
  const at = email.lastIndexOf('@');
  if (at <= 0 || email.indexOf('@') !== at) return EMAIL_MESSAGES.invalid;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (!LOCAL_PART.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return EMAIL_MESSAGES.invalid;
  }
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return EMAIL_MESSAGES.invalid;
  if (!/^[A-Za-z]{2,63}$|^xn--/.test(labels.at(-1) ?? '')) return EMAIL_MESSAGES.invalid;
  return null;
}

/** An email field: checked, trimmed and lowercased (addresses are unique regardless of case). */
export const Email = z
  .string()
  .max(1024, EMAIL_MESSAGES.invalid)
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeEmail);
