import { describe, expect, it } from 'vitest';
import { AccountSettingsChange, EmailChangePayload, NotificationSettingsChange } from '../../../src/shared/contracts/settings.ts';
import { accountFieldsOf } from '../../../src/server/users/account-settings.service.ts';
import { notificationSettingsOf, switchesOf } from '../../../src/server/users/notification-settings.service.ts';
import { AppError } from '../../../src/server/errors.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('the username rule of the account settings (as at sign-up)', () => {
  it('takes letters, digits and underscores, 3 to 30 of them, lowercased', () => {
    expect(AccountSettingsChange.parse({ username: '  Jane_Doe42 ' }).username).toBe('jane_doe42');
  });

  it.each([
    ['jane doe', 'Usernames can only contain letters, numbers and underscores.'],
    ['jö', 'Usernames can only contain letters, numbers and underscores.'],
    ['ab', 'Usernames must be 3 to 30 characters long.'],
    ['a'.repeat(31), 'Usernames must be 3 to 30 characters long.'],
    ['settings', 'That username is not available.'],
    ['v5api', 'That username is not available.'],
    ['', 'Required'],
  ])('refuses %j: %s', (username, message) => {
    expect(messages(AccountSettingsChange.safeParse({ username }))).toContain(message);
  });
});

describe('country, language and gender', () => {
  it('takes a known country in either case and a locale of the app', () => {
    expect(AccountSettingsChange.parse({ country: 'gb', locale: 'en_GB' })).toEqual({ country: 'GB', locale: 'en_GB' });
    expect(messages(AccountSettingsChange.safeParse({ country: 'XK' }))).toContain('Please choose a country.');
    expect(messages(AccountSettingsChange.safeParse({ locale: 'en-US' }))).toContain('Please choose a language.');
  });

  it('a custom gender needs its word, and the word needs the custom gender', () => {
    expect(messages(AccountSettingsChange.safeParse({ gender: 'custom', custom_gender: '   ' }))).toContain('Required');
    expect(() => accountFieldsOf({ custom_gender: 'Agender' }, { gender: 'male' })).toThrow(AppError);
    expect(accountFieldsOf({ custom_gender: 'Agender' }, { gender: 'custom' })).toEqual({ custom_gender: 'Agender' });
  });

  it('choosing another gender forgets the custom word', () => {
    expect(accountFieldsOf({ gender: 'female' }, { gender: 'custom' })).toEqual({ gender: 'female', custom_gender: null });
  });

  it('an update naming nothing is refused', () => {
    expect(messages(AccountSettingsChange.safeParse({}))).toContain('Nothing to change.');
  });
});

describe('the email change request', () => {
  it('needs a valid new address and the password', () => {
    expect(EmailChangePayload.parse({ new_email: ' New@Example.COM ', password: 'pw' })).toEqual({ new_email: 'new@example.com', password: 'pw' });
    expect(messages(EmailChangePayload.safeParse({ new_email: 'nope', password: 'pw' }))).toContain('Please enter a valid email address');
    expect(messages(EmailChangePayload.safeParse({ new_email: 'a@b.co', password: '' }))).toContain('Required');
  });
});

describe('notification switches', () => {
  it('are on until turned off; a stored switch of a kind no longer offered is ignored', () => {
    const settings = notificationSettingsOf([
      { kind: 'saves', channel: 'email', enabled: 0 },
      { kind: 'telegrams', channel: 'email', enabled: 0 },
    ]);
    expect(settings.saves).toEqual({ in_app: true, email: false, push: true });
    expect(settings.comments).toEqual({ in_app: true, email: true, push: true });
  });

  it('a change names the switches it turns; unknown kinds and channels are refused', () => {
    expect(switchesOf(NotificationSettingsChange.parse({ mentions: { push: false }, saves: { in_app: true } }))).toEqual([
      { kind: 'saves', channel: 'in_app', enabled: true },
      { kind: 'mentions', channel: 'push', enabled: false },
    ]);
    expect(NotificationSettingsChange.safeParse({ saves: { fax: true } }).success).toBe(false);
    expect(NotificationSettingsChange.safeParse({ gossip: { email: true } }).success).toBe(false);
    expect(NotificationSettingsChange.safeParse({ saves: {} }).success).toBe(false);
  });
});
