import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  loginSchema,
  newPasswordSchema,
  registrationSchema,
  requestResetSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from './auth.ts';
import { BAD_SA_ID, VALID_SA_ID, messagesAt, messagesOf } from './test-support.ts';

describe('loginSchema', () => {
  it('requires both fields', () => {
    expect(messagesOf(loginSchema, { username: '', password: '' })).toEqual(['Username is required', 'Password is required']);
    expect(messagesOf(loginSchema, {})).toEqual(['Username is required', 'Password is required']);
    expect(messagesOf(loginSchema, { username: '   ', password: 'x' })).toEqual(['Username is required']);
  });
  it('trims the username but never the password', () => {
    expect(loginSchema.parse({ username: ' thandi ', password: ' secret ' })).toEqual({ username: 'thandi', password: ' secret ' });
  });
});

const registration = {
  username: 'thandi',
  password: 'secret1',
  email: 'thandi@example.co.za',
  firstName: 'Thandi',
  lastName: 'Nkosi',
  companyName: 'Ubuntu Funeral Cover',
  cipNumber: '2015/123456/07',
  adminSaId: VALID_SA_ID,
  companyEmail: 'info@ubuntu.co.za',
  companyPhone: '082 123 4567',
  fspNumber: '',
};

describe('registrationSchema', () => {
  it('accepts a complete registration, trimming text and normalizing the phone', () => {
    const parsed = registrationSchema.parse({ ...registration, companyName: '  Ubuntu Funeral Cover ' });
    expect(parsed.companyName).toBe('Ubuntu Funeral Cover');
    expect(parsed.companyPhone).toBe('0821234567');
    expect(parsed.fspNumber).toBeUndefined();
    expect(registrationSchema.parse({ ...registration, fspNumber: ' FSP 12345 ' }).fspNumber).toBe('FSP 12345');
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['email', 'not-an-email', 'Valid email is required'],
    ['firstName', ' ', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['companyName', '', 'Company name is required'],
    ['cipNumber', '', 'CIPC number is required'],
    ['cipNumber', '2015/12345/07', 'CIPC number must be in format YYYY/NNNNNN/NN'],
    ['adminSaId', BAD_SA_ID, 'Invalid SA ID number'],
    ['adminSaId', '80010150090870', 'Invalid SA ID number'],
    ['companyEmail', 'info@', 'Invalid company email address'],
    ['companyPhone', '0021234567', 'Invalid SA phone number (use format 0821234567 or +27821234567)'],
    ['companyPhone', '', 'Invalid SA phone number (use format 0821234567 or +27821234567)'],
  ])('%s = %j says %s', (field, value, message) => {
    expect(messagesAt(registrationSchema, { ...registration, [field]: value }, field)).toEqual([message]);
  });

  it('accepts +27 company phones', () => {
    expect(registrationSchema.parse({ ...registration, companyPhone: '+27 11 555 1234' }).companyPhone).toBe('+27115551234');
  });

  it('says "required" for a missing field, not a zod type message', () => {
    const { cipNumber: _c, email: _e, ...rest } = registration;
    expect(messagesOf(registrationSchema, rest)).toEqual(['Valid email is required', 'CIPC number is required']);
  });
});

describe('requestResetSchema', () => {
  it('needs a valid email', () => {
    expect(messagesOf(requestResetSchema, { email: 'nope' })).toEqual(['Invalid email address']);
    expect(messagesOf(requestResetSchema, { email: 'a@b.co' })).toEqual([]);
  });
});

describe('newPasswordSchema', () => {
  it.each([
    ['Aa1!aaa', 'Password must be at least 8 characters'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character'],
  ])('%s fails with only: %s', (password, message) => {
    expect(messagesOf(newPasswordSchema, password)).toEqual([message]);
  });
  it('reports every failing rule at once', () => {
    expect(messagesOf(newPasswordSchema, 'abc')).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });
  it('accepts a strong password, spaces counting as special', () => {
    expect(messagesOf(newPasswordSchema, 'Str0ng!pass')).toEqual([]);
    expect(messagesOf(newPasswordSchema, 'Str0ng pass')).toEqual([]);
  });
});

describe('reset and change password', () => {
  const form = { token: 'tok', newPassword: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' };

  it('the form needs a matching confirmation, reported on confirmPassword', () => {
    expect(messagesOf(resetPasswordFormSchema, form)).toEqual([]);
    expect(messagesAt(resetPasswordFormSchema, { ...form, confirmPassword: 'Str0ng!pasS' }, 'confirmPassword')).toEqual([
      "Passwords don't match",
    ]);
    expect(messagesAt(resetPasswordFormSchema, { token: 'tok', newPassword: 'Str0ng!pass' }, 'confirmPassword')).toEqual([
      "Passwords don't match",
    ]);
  });

  it('the server receives token and newPassword only', () => {
    expect(resetPasswordSchema.parse(form)).toEqual({ token: 'tok', newPassword: 'Str0ng!pass' });
    expect(messagesOf(resetPasswordSchema, { token: '', newPassword: 'weak' })).toContain('Reset token is required');
    expect(messagesOf(resetPasswordSchema, { token: 't', newPassword: 'weak' })).toContain('Password must be at least 8 characters');
  });

  it('change password needs the current one, a strong new one, a match and a change', () => {
    const change = { currentPassword: 'Old!pass1', newPassword: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' };
    expect(messagesOf(changePasswordSchema, change)).toEqual([]);
    expect(messagesAt(changePasswordSchema, { ...change, currentPassword: '' }, 'currentPassword')).toEqual([
      'Current password is required',
    ]);
    expect(messagesAt(changePasswordSchema, { ...change, confirmPassword: 'x' }, 'confirmPassword')).toEqual(["Passwords don't match"]);
    expect(messagesAt(changePasswordSchema, { ...change, currentPassword: 'Str0ng!pass' }, 'newPassword')).toEqual([
      'New password must be different from the current password',
    ]);
  });
});
