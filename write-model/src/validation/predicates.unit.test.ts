import { describe, expect, it } from 'vitest';
import { isValidCipc } from './cipc.ts';
import { addYears, dateProblem, daysInMonth, isIsoDate, paymentDateRange, southAfricanDate } from './dates.ts';
import { centsToDecimal, compareDecimal, decimalToCents, isDecimalString } from './decimal.ts';
import { isValidEmail } from './email.ts';
import { isValidPassport } from './passport.ts';
import { isValidSaPhone, normalizeSaPhone } from './phone.ts';
import { PROVINCE_CODES, PROVINCE_NAMES, PROVINCES, provinceName, resolveProvince } from './provinces.ts';
import { RELATIONSHIPS, isRelationship } from './relationships.ts';
import { ROLES, isRole, roleLabel } from './roles.ts';

describe('SA phone numbers', () => {
  it.each(['0821234567', '+27821234567', '082 123 4567', '+27 82 123 4567', ' 011 555 1234 ', '0612345678'])('accepts %s', (phone) =>
    expect(isValidSaPhone(phone)).toBe(true),
  );
  it.each([
    ['a 0 after the trunk 0', '0021234567'],
    ['a 0 after +27', '+27021234567'],
    ['too short', '082123456'],
    ['too long', '08212345678'],
    ['27 without plus', '27821234567'],
    ['another country', '+44821234567'],
    ['letters', '08212345ab'],
    ['hyphens', '082-123-4567'],
    ['blank', ''],
  ])('refuses %s', (_, phone) => expect(isValidSaPhone(phone)).toBe(false));
  it('normalizes by removing whitespace only', () => {
    expect(normalizeSaPhone(' +27 82 123\t4567 ')).toBe('+27821234567');
    expect(normalizeSaPhone('082-123')).toBe('082-123');
  });
});

describe('CIPC numbers', () => {
  it('accepts YYYY/NNNNNN/NN, surrounding spaces ignored', () => {
    expect(isValidCipc('2015/123456/07')).toBe(true);
    expect(isValidCipc(' 1999/000001/23 ')).toBe(true);
  });
  it.each(['2015/12345/07', '2015/1234567/07', '15/123456/07', '2015-123456-07', '2015/123456/7', 'ABCD/123456/07', ''])(
    'refuses %s',
    (value) => expect(isValidCipc(value)).toBe(false),
  );
});

describe('passport numbers', () => {
  it('needs at least 6 letters or digits', () => {
    expect(isValidPassport('A12345')).toBe(true);
    expect(isValidPassport('  M00123456 ')).toBe(true);
    expect(isValidPassport('A1234')).toBe(false);
    expect(isValidPassport('A12-345')).toBe(false);
    expect(isValidPassport('A1 2345')).toBe(false);
  });
});

describe('e-mail addresses', () => {
  it.each(['thandi@example.co.za', 'o.neil+claims@insure.com', "d'arcy@mail.org", ' padded@example.com '])('accepts %s', (email) =>
    expect(isValidEmail(email)).toBe(true),
  );
  it.each(['plain', 'a@b', '@example.com', 'a@example.', 'a..b@example.com', 'a b@example.com', ''])('refuses %s', (email) =>
    expect(isValidEmail(email)).toBe(false),
  );
});

describe('decimal amounts', () => {
  it('accepts digits with up to two decimals', () => {
    for (const v of ['0', '10', '1500.5', '1500.50', '0.99']) expect(isDecimalString(v)).toBe(true);
    for (const v of ['', '-1', '1,000', '1.234', '.5', '5.', 'R100', '1e3', ' 1']) expect(isDecimalString(v)).toBe(false);
  });
  it('compares in cents, without float error', () => {
    expect(decimalToCents('0.1') + decimalToCents('0.2')).toBe(decimalToCents('0.3'));
    expect(compareDecimal('999.99', '1000')).toBe(-1);
    expect(compareDecimal('1000.00', '1000')).toBe(0);
    expect(compareDecimal('10.01', '10')).toBe(1);
    expect(centsToDecimal(150050n)).toBe('1500.50');
    expect(centsToDecimal(5n)).toBe('0.05');
    expect(() => decimalToCents('abc')).toThrow(RangeError);
  });
});

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it("takes today from South Africa's clock: 00:30 there is 22:30 UTC the day before", () => {
    expect(southAfricanDate(new Date('2025-03-04T22:30:00Z'))).toBe('2025-03-05');
    expect(southAfricanDate(new Date('2025-03-04T21:59:59.999Z'))).toBe('2025-03-04');
    expect(southAfricanDate(new Date('2025-12-31T22:00:00Z'))).toBe('2026-01-01');
  });

  it('adds years, a 29 February falling on the 28th', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2025-06-15', 1)).toBe('2026-06-15');
  });

  it('says what is wrong with a date for its range', () => {
    const range = paymentDateRange('2026-06-15');
    expect(dateProblem('2026-06-15', range)).toBeNull();
    expect(dateProblem('2027-06-15', range)).toBeNull();
    expect(dateProblem('2027-06-16', range)).toBe('tooLate');
    expect(dateProblem('1899-12-31', range)).toBe('tooEarly');
    expect(dateProblem('0000-01-01', range)).toBe('tooEarly');
    expect(dateProblem('2026-02-30', range)).toBe('invalid');
    expect(dateProblem('9999-12-31', range)).toBe('tooLate');
  });
});

describe('provinces', () => {
  it('lists the nine with codes and names', () => {
    expect(PROVINCES).toHaveLength(9);
    expect(PROVINCE_CODES).toEqual(['GP', 'WC', 'KZN', 'EC', 'FS', 'LP', 'MP', 'NC', 'NW']);
    expect(PROVINCE_NAMES[0]).toBe('Eastern Cape');
    expect(PROVINCE_NAMES.at(-1)).toBe('Western Cape');
  });
  it('names a code, and resolves a code or a name', () => {
    expect(provinceName('KZN')).toBe('KwaZulu-Natal');
    expect(provinceName('XX')).toBe('XX');
    expect(resolveProvince(' gauteng ')).toBe('GP');
    expect(resolveProvince('nw')).toBe('NW');
    expect(resolveProvince('Transvaal')).toBeNull();
  });
});

describe('roles and relationships', () => {
  it('labels roles with spaces', () => {
    expect(ROLES).toEqual(['super_admin', 'administrator', 'policy_admin', 'claim_admin', 'billing_clerk', 'agent', 'auditor']);
    expect(roleLabel('billing_clerk')).toBe('billing clerk');
    expect(roleLabel('super_admin')).toBe('super admin');
    expect(isRole('agent')).toBe(true);
    expect(isRole('root')).toBe(false);
  });
  it('knows the five relationships', () => {
    expect(RELATIONSHIPS).toEqual(['spouse', 'child', 'parent', 'sibling', 'other']);
    expect(isRelationship('child')).toBe(true);
    expect(isRelationship('Child')).toBe(false);
  });
});
