import { paymentSchemaOn } from '@fpa/write-model/validation';
import { describe, expect, it } from 'vitest';
import { onToday } from './forms';

describe('onToday', () => {
  it("builds the shared schema with South Africa's date at each parse: at 00:30 there (22:30 UTC) it is already the next day", () => {
    let now = new Date('2025-03-04T22:30:00Z'); // 2025-03-05 00:30 in South Africa
    const schema = onToday(paymentSchemaOn, () => now);
    const payment = { policyId: 'p1', amount: '100', paymentMethod: 'eft', paymentDate: '2026-03-05' };
    expect(schema.safeParse(payment).success).toBe(true); // a year after 2025-03-05, not after the UTC 2025-03-04
    now = new Date('2025-03-04T21:30:00Z'); // 23:30 in South Africa, still 2025-03-04
    expect(schema.safeParse(payment).success).toBe(false);
  });
});
