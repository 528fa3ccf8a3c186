import { describe, expect, it } from 'vitest';
import { notificationQuerySchema, smsSegments } from './notifications.ts';

describe('SMS segments', () => {
  it('GSM-7: 160 characters in one SMS, 153 a part after that; extension characters count twice', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', characters: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(smsSegments('R 1 234,50 for policy POL-000123.').encoding).toBe('GSM-7');
  });

  it('UCS-2 when any character is outside GSM-7 (a no-break space too): 70 in one SMS, 67 a part', () => {
    expect(smsSegments('R\u00a01 234,50')).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(smsSegments(`${'a'.repeat(69)}ā`)).toEqual({ encoding: 'UCS-2', characters: 70, segments: 1 });
    expect(smsSegments(`${'a'.repeat(70)}ā`).segments).toBe(2);
  });
});

describe('the outbox filters', () => {
  it('accept blanks as no filter, and refuse a value with a message naming the field', () => {
    expect(notificationQuerySchema.parse({ type: '', channel: null, from: '2026-11-01', to: '2026-11-30', limit: '50' })).toEqual({
      memberId: null,
      type: null,
      channel: null,
      status: null,
      from: '2026-11-01',
      to: '2026-11-30',
      limit: 50,
      offset: null,
    });
    const refused = notificationQuerySchema.safeParse({ memberId: 'x', status: 'lost', from: '2026-12-01', to: '2026-11-01', limit: '0' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['memberId', "memberId must be a member's id"],
      ['status', 'status must be one of queued, sent, delivered, failed, not_sent'],
      ['limit', 'limit must be a whole number from 1 to 500'],
    ]);
  });
});
