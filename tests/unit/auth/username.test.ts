import { describe, expect, it } from 'vitest';
import { isReservedUsername, usernameProblem } from '../../../src/shared/validation/username.ts';
import { usernameBaseFromEmail, usernameCandidates } from '../../../src/server/users/username.ts';

describe('username derivation from the email', () => {
  it('uses the local part without its +tag, reduced to letters, digits and underscores', () => {
    expect(usernameBaseFromEmail('Jane.Doe+pins@example.org')).toBe('janedoe');
    expect(usernameBaseFromEmail('j_smith99@example.org')).toBe('j_smith99');
  });

  it('pads a local part too short to be a username', () => {
    expect(usernameBaseFromEmail('a@example.org')).toBe('apinner');
    expect(usernameBaseFromEmail('ab@example.org')).toBe('abpinner');
    expect(usernameBaseFromEmail('李@example.org')).toBe('pinner');
  });

  it('keeps the base letter of accented letters', () => {
    expect(usernameBaseFromEmail('Élan.Zoë@example.org')).toBe('elanzoe');
  });

  it('keeps room for a numeric suffix', () => {
    expect(usernameBaseFromEmail(`${'x'.repeat(80)}@example.org`)).toHaveLength(24);
  });

  it('tries the base first, then the base with random digits; every candidate is valid', () => {
    const candidates = usernameCandidates('janedoe', 8, () => 7);
    expect(candidates[0]).toBe('janedoe');
    expect(candidates[1]).toBe('janedoe07');
    expect(new Set(candidates.slice(0, 2)).size).toBe(2);
    for (const c of usernameCandidates(usernameBaseFromEmail(`${'x'.repeat(80)}@e.org`))) expect(usernameProblem(c)).toBeNull();
  });

  it('never offers a reserved name as is', () => {
    const candidates = usernameCandidates('settings', 4, () => 42);
    expect(candidates).not.toContain('settings');
    expect(candidates).toHaveLength(4);
  });
});

describe('username rules', () => {
  it('letters, digits and underscores, 3 to 30 characters', () => {
    expect(usernameProblem('jane_doe')).toBeNull();
    expect(usernameProblem('jane-doe')).not.toBeNull();
    expect(usernameProblem('ab')).not.toBeNull();
    expect(usernameProblem('a'.repeat(31))).not.toBeNull();
  });

  it('reserves the site paths that profiles would shadow', () => {
    for (const name of ['login', 'pin', 'search', 'settings', 'today', 'resource', 'v3', 'v5']) {
      expect(isReservedUsername(name)).toBe(true);
    }
    expect(isReservedUsername('pinlover')).toBe(false);
  });
});
