import { describe, expect, it } from 'vitest';
import { splitVatInclusive } from './vat.ts';
import { systemSettingSchema, PLATFORM_SETTINGS } from './admin.ts';
import { messagesOf } from './test-support.ts';

describe('VAT at 15 % out of a VAT-inclusive amount', () => {
  it('is excl. = total × 100/115 rounded to the cent and VAT the rest', () => {
    expect(splitVatInclusive('115')).toEqual({ excl: '100.00', vat: '15.00', total: '115.00' });
    expect(splitVatInclusive('299.00')).toEqual({ excl: '260.00', vat: '39.00', total: '299.00' });
    // 499 × 100/115 = 433.913… → 433.91; VAT 65.09
    expect(splitVatInclusive('499')).toEqual({ excl: '433.91', vat: '65.09', total: '499.00' });
    // 0.01 × 100/115 = 0.0087 → 0.01 (half up), VAT 0.00
    expect(splitVatInclusive('0.01')).toEqual({ excl: '0.01', vat: '0.00', total: '0.01' });
    // A half cent rounds up: 1.15 × 100/115 = 1 exactly; 0.23 → 0.2 exactly; 0.575 is not a cent amount.
    expect(splitVatInclusive('0.23')).toEqual({ excl: '0.20', vat: '0.03', total: '0.23' });
    expect(splitVatInclusive('1234567.89')).toEqual({ excl: '1073537.30', vat: '161030.59', total: '1234567.89' });
  });
});

describe('the platform’s VAT number setting', () => {
  const setting = (value: unknown) => ({ key: PLATFORM_SETTINGS.vatNumber, value, category: 'billing' });
  it('is ten digits starting with 4', () => {
    expect(messagesOf(systemSettingSchema, setting('4123456789'))).toEqual([]);
    expect(messagesOf(systemSettingSchema, setting('123'))).toEqual(['A VAT number is ten digits starting with 4']);
    expect(messagesOf(systemSettingSchema, setting('5123456789'))).toEqual(['A VAT number is ten digits starting with 4']);
    expect(messagesOf(systemSettingSchema, { key: 'other', value: '123' })).toEqual([]);
  });
});
