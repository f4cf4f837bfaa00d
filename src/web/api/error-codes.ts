/** Codes of our error catalogue (src/server/errors.ts) the forms act on. */
export const ERROR_CODES = {
  rateLimited: 10,
  wrongPassword: 11,
  emailTaken: 12,
  tooYoung: 14,
  invalidToken: 15,
  mfaRequired: 16,
  wrongCode: 19,
} as const;
