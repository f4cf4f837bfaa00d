import { describe, expect, it } from 'vitest';
import { NewPassword, PASSWORD_MESSAGES, passwordProblem } from '../../../src/shared/validation/password.ts';

describe('password rules', () => {
  it('an empty password is Required', () => {
    expect(passwordProblem('')).toBe('Required');
  });

  it('only printable ASCII: letters, numbers and basic symbols', () => {
    const message = 'Oops! Your password can only have letters, numbers and basic symbols.';
    expect(passwordProblem('pässwörd123')).toBe(message);
    expect(passwordProblem('password\t123')).toBe(message);
    expect(passwordProblem('パスワードパスワード')).toBe(message);
    expect(passwordProblem('emoji🙂emoji')).toBe(message);
    expect(passwordProblem('a b!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~')).toBeNull();
  });

  it('at least 8 characters, with a message that says so', () => {
    expect(passwordProblem('1234567')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(PASSWORD_MESSAGES.tooShort).toContain('8');
    expect(passwordProblem('12345678')).toBeNull();
  });

  it('at most 256 characters', () => {
    expect(passwordProblem('a'.repeat(256))).toBeNull();
    expect(passwordProblem('a'.repeat(257))).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('the ASCII rule is checked before the length rules', () => {
    expect(passwordProblem('é')).toBe(PASSWORD_MESSAGES.ascii);
  });

  it('the zod schema reports the same message', () => {
    const result = NewPassword.safeParse('short');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.tooShort);
    expect(NewPassword.safeParse('long enough').success).toBe(true);
  });
});
