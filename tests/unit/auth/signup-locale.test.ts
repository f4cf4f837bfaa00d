import { describe, expect, it } from 'vitest';
import { SignupLocale, SignupPayload } from '../../../src/shared/validation/signup.ts';

const payload = { email: 'new@example.com', password: 'a long enough password 1' };

describe('the sign-up locale', () => {
  it.each([
    ['en-US', 'en_US'],
    ['en_US', 'en_US'],
    ['pt-BR', 'pt_BR'],
    ['pt-br', 'pt_BR'],
    ['de-DE', 'de'],
    ['es-419', 'es_419'],
    ['en', 'en_US'],
  ])('keeps %s as %s, the form the app stores', (tag, stored) => {
    expect(SignupLocale.parse(tag)).toBe(stored);
  });

  it.each(['english', 'xx-YY', 'en US', 'en-', '12', 'en_US;drop'])('refuses %s with the form message', (tag) => {
    const result = SignupLocale.safeParse(tag);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please choose a language.');
  });

  it('is optional in the payload and blank means none', () => {
    expect(SignupPayload.parse({ ...payload, locale: 'en-US' }).locale).toBe('en_US');
    expect(SignupPayload.parse({ ...payload, locale: '  ' }).locale).toBeUndefined();
    expect(SignupPayload.parse(payload).locale).toBeUndefined();
  });
});
