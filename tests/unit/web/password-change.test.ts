import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../../src/shared/validation/password.ts';
import { PASSWORD_CHANGE_MESSAGES, passwordChangeProblems } from '../../../src/shared/validation/password-change.ts';

const fields = (current: string | null, next: string, confirm = next) => ({ current, next, confirm });

describe('change-password rules', () => {
  it('accepts a valid change', () => {
    expect(passwordChangeProblems(fields('old password', 'a new passphrase'))).toEqual({});
  });

  it('needs the current password when the account has one', () => {
    expect(passwordChangeProblems(fields('', 'a new passphrase'))).toEqual({ current: PASSWORD_MESSAGES.required });
  });

  it('asks no current password of an account without one', () => {
    expect(passwordChangeProblems(fields(null, 'a new passphrase'))).toEqual({});
  });

  it('applies the shared password rules and messages to the new password', () => {
    expect(passwordChangeProblems(fields('old password', '')).next).toBe(PASSWORD_MESSAGES.required);
    expect(passwordChangeProblems(fields('old password', 'short')).next).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordChangeProblems(fields('old password', 'pässwörter sind gut')).next).toBe(PASSWORD_MESSAGES.ascii);
    expect(passwordChangeProblems(fields('old password', 'x'.repeat(257))).next).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('wants a new password that differs from the current one', () => {
    expect(passwordChangeProblems(fields('same passphrase', 'same passphrase')).next).toBe(PASSWORD_CHANGE_MESSAGES.unchanged);
  });

  it('needs a matching confirmation', () => {
    expect(passwordChangeProblems(fields('old password', 'a new passphrase', '')).confirm).toBe(PASSWORD_MESSAGES.required);
    expect(passwordChangeProblems(fields('old password', 'a new passphrase', 'a new passphrasE')).confirm).toBe(PASSWORD_CHANGE_MESSAGES.mismatch);
  });
});
