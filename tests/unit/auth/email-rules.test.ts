import { describe, expect, it } from 'vitest';
import { Email, emailProblem } from '../../../src/shared/validation/email.ts';

describe('email rules', () => {
  it.each(['jane@example.com', 'Jane.Doe+pins@Example.ORG', 'a_b-c@sub.domain.co.uk', 'x@xn--bcher-kva.example'])('accepts %s', (email) => {
    expect(emailProblem(email)).toBeNull();
  });

  it.each([
    'plainaddress',
    '@example.com',
    'jane@',
    'jane@example',
    'jane@@example.com',
    'ja ne@example.com',
    'jane@exa_mple.com',
    '.jane@example.com',
    'jane..doe@example.com',
    'jane@-example.com',
    'jane@example.c0m',
    'jäne@example.com',
    `${'a'.repeat(65)}@example.com`,
    `jane@${'a'.repeat(250)}.com`,
  ])('refuses %s with the spec message', (email) => {
    expect(emailProblem(email)).toBe('Please enter a valid email address');
  });

  it('an empty address is Required', () => {
    expect(emailProblem('  ')).toBe('Required');
  });

  it('the schema trims and lowercases, so addresses are unique regardless of case', () => {
    expect(Email.parse('  Jane@Example.COM ')).toBe('jane@example.com');
  });
});
