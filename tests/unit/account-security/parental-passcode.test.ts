import { describe, expect, it } from 'vitest';
import {
  BackupEmailPayload,
  backupEmailProblem,
  canSubmitPasscode,
  confirmBackupEmailProblem,
  confirmPasscodeProblem,
  PasscodeSetPayload,
  passcodeProblem,
} from '../../../src/shared/validation/parental-passcode.ts';

describe('parental passcode: exactly four digits (viewer spec section 5)', () => {
  it('is required', () => {
    expect(passcodeProblem('')).toBe('Required');
    expect(passcodeProblem('   ')).toBe('Required');
  });
  it('takes numbers only', () => {
    expect(passcodeProblem('12a4')).toBe('Please only use numbers');
    expect(passcodeProblem('١٢٣٤')).toBe('Please only use numbers');
    expect(passcodeProblem('-123')).toBe('Please only use numbers');
  });
  it('needs four digits, no more, no fewer', () => {
    expect(passcodeProblem('123')).toBe('Please enter four digits');
    expect(passcodeProblem('12345')).toBe('Please enter four digits');
    expect(passcodeProblem('1234')).toBeNull();
  });
  it('ignores whitespace when validating', () => {
    expect(passcodeProblem(' 12 34 ')).toBeNull();
    expect(passcodeProblem('1 2 3')).toBe('Please enter four digits');
  });
  it('the confirmation must match', () => {
    expect(confirmPasscodeProblem('1234', '1243')).toBe('Please make sure your passcodes match');
    expect(confirmPasscodeProblem('1234', '12 34')).toBeNull();
    expect(confirmPasscodeProblem('1234', '')).toBe('Required');
  });
  it('enables Enter only for a non-empty value without an error', () => {
    expect(canSubmitPasscode('')).toBe(false);
    expect(canSubmitPasscode('12')).toBe(false);
    expect(canSubmitPasscode('12x4')).toBe(false);
    expect(canSubmitPasscode('1234')).toBe(true);
  });
  it('the set payload reports a mismatch on confirm_passcode and keeps the digits only', () => {
    const bad = PasscodeSetPayload.safeParse({ passcode: '1234', confirm_passcode: '4321' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues).toEqual([expect.objectContaining({ path: ['confirm_passcode'], message: 'Please make sure your passcodes match' })]);
    expect(PasscodeSetPayload.parse({ passcode: '12 34', confirm_passcode: '1234' }).passcode).toBe('1234');
  });
});

describe('backup email (viewer spec section 5)', () => {
  it('is required and a valid address', () => {
    expect(backupEmailProblem('', 'me@example.com')).toBe('Required');
    expect(backupEmailProblem('not-an-address', 'me@example.com')).toBe('Please enter a valid email address');
  });
  it('must differ from the account email, whatever the case', () => {
    expect(backupEmailProblem(' ME@example.com ', 'me@example.com')).toBe('This email address is already used for this account');
    expect(backupEmailProblem('parent@example.com', 'me@example.com')).toBeNull();
  });
  it('the confirmation must match', () => {
    expect(confirmBackupEmailProblem('parent@example.com', 'Parent@Example.com')).toBeNull();
    expect(confirmBackupEmailProblem('parent@example.com', 'other@example.com')).toBe('Please make sure your email addresses match');
    expect(confirmBackupEmailProblem('parent@example.com', '')).toBe('Required');
  });
  it('the payload names the field at fault', () => {
    const bad = BackupEmailPayload.safeParse({ backup_email: 'parent@example.com', confirm_backup_email: 'x@example.com', passcode: '1234' });
    expect(bad.error?.issues).toEqual([expect.objectContaining({ path: ['confirm_backup_email'] })]);
    expect(BackupEmailPayload.parse({ backup_email: 'Parent@Example.com', confirm_backup_email: 'parent@example.com', passcode: '1234' })).toEqual({
      backup_email: 'parent@example.com',
      passcode: '1234',
    });
  });
});
