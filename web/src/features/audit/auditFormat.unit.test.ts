import { describe, expect, it } from 'vitest';
import { actorText, changeText, changeValueText, fieldLabel, isChangedField, stateFields } from './auditFormat';
import { pdfSafe } from './auditPdf';
import { subjectFileName, subjectPdfSections } from './subjectExport';

describe('audit formatting', () => {
  it('names fields in words and values as text', () => {
    expect(fieldLabel('bankDetails.accountNumber')).toBe('Bank details › Account number');
    expect(fieldLabel('documents.0.category')).toBe('Documents › 1 › Category');
    expect(fieldLabel('deceased_sa_id')).toBe('Deceased SA ID');
    expect(fieldLabel('memberSAId')).toBe('Member SA ID');
    expect(fieldLabel('claimantSaId')).toBe('Claimant SA ID');
    expect(fieldLabel('idNumber')).toBe('ID number');
    expect(fieldLabel('identifierType')).toBe('Identifier type');
    expect(changeValueText(null)).toBe('—');
    expect(changeValueText('null')).toBe('empty');
    expect(changeValueText('"approved"')).toBe('approved');
    expect(changeValueText('""')).toBe('(blank)');
    expect(changeValueText('12.5')).toBe('12.5');
    expect(changeValueText('["a","b"]')).toBe('["a","b"]');
    expect(changeValueText('not json')).toBe('not json');
    expect(changeText({ field: 'status', before: '"submitted"', after: '"under_review"' })).toBe('Status: submitted → under_review');
  });

  it("shows the actor with the role's underscores as spaces, and 'System' as it is", () => {
    expect(actorText({ userId: 'u1', name: 'Thandi Nkosi', role: 'claim_admin' })).toBe('Thandi Nkosi (claim admin)');
    expect(actorText({ userId: null, name: 'System', role: null })).toBe('System');
  });

  it('flattens the folded state into readable fields in its own order', () => {
    const fields = stateFields(
      JSON.stringify({
        status: 'paid',
        amount: '100',
        bank: { name: 'FNB', number: '[erased]' },
        tags: ['a', 'b'],
        documents: [{ category: 'id' }],
        notes: [],
        extra: {},
      }),
    );
    expect(fields.map((f) => [f.label, f.value])).toEqual([
      ['Status', 'paid'],
      ['Amount', '100'],
      ['Bank › Name', 'FNB'],
      ['Bank › Number', '[erased]'],
      ['Tags', 'a, b'],
      ['Documents › 1 › Category', 'id'],
      ['Notes', 'none'],
      ['Extra', 'none'],
    ]);
    expect(stateFields(null)).toEqual([]);
    expect(isChangedField('bank.name', ['bank'])).toBe(true);
    expect(isChangedField('bank', ['bank.name'])).toBe(true);
    expect(isChangedField('bankName', ['bank'])).toBe(false);
  });

  it('keeps PDF text within the standard fonts and masks the subject in file names', () => {
    expect(pdfSafe('Status: a → b › “c” — ✓ é')).toBe('Status: a -> b > "c" - ? é');
    expect(subjectFileName('8001015009087', '2025-06-04T09:00:00.000Z', 'pdf')).toBe('personal-data-800101xxxxxxx-2025-06-04.pdf');
    const sections = subjectPdfSections({
      idNumber: 'x',
      subjectIds: [],
      generatedAt: '',
      json: JSON.stringify({ person: { firstName: 'Sipho' }, claims: [] }),
    });
    expect(sections).toEqual([
      { heading: 'Person', lines: ['First name: Sipho'] },
      { heading: 'Claims', lines: ['none'] },
    ]);
  });
});
