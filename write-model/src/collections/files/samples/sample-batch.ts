import type { DebitFileHeader, DebitLine } from '../debit-file.types.ts';

/**
 * The batch behind the checked-in sample files (sample-batch.csv, sample-batch.acb): one debit of each
 * account type, an accented name with a hyphen, and a name with a comma and an apostrophe (CSV quoting).
 */
export const SAMPLE_HEADER: DebitFileHeader = {
  batchId: 'b6a1f3c2-7d4e-4f0a-9c1b-2e5d8a7f6b30',
  debitDate: '2026-12-01',
  createdOn: '2026-11-26',
  account: {
    companyName: 'Ubuntu Funeral Services (Pty) Ltd',
    userCode: 'UB07',
    abbreviatedName: 'UBUNTU FS',
    installationId: '0042',
    branchCode: '250655',
    accountNumber: '62000000017',
    accountType: 'cheque',
  },
  generationNumber: 7,
};

export const SAMPLE_LINES: DebitLine[] = [
  {
    mandateReference: 'MND-000001',
    accountHolder: 'Thandiwe Nkosi',
    branchCode: '250655',
    accountNumber: '62001234567',
    accountType: 'cheque',
    amountCents: 15000,
    actionDate: '2026-12-01',
    userReference: 'POL-2026-000001',
  },
  {
    mandateReference: 'MND-000002',
    accountHolder: 'Zoë Müller-Léger',
    branchCode: '632005',
    accountNumber: '4051234567',
    accountType: 'savings',
    amountCents: 9950,
    actionDate: '2026-12-01',
    userReference: 'POL-2026-000002',
  },
  {
    mandateReference: 'MND-000003',
    accountHolder: 'Sipho Dlamini',
    branchCode: '470010',
    accountNumber: '1234567890',
    accountType: 'transmission',
    amountCents: 29900,
    actionDate: '2026-12-01',
    userReference: 'POL-2026-000003',
  },
  {
    mandateReference: 'MND-000004',
    accountHolder: "O'Brien, Pieter",
    branchCode: '198765',
    accountNumber: '1987654321',
    accountType: 'cheque',
    amountCents: 45000,
    actionDate: '2026-12-01',
    userReference: 'POL-2026-000004',
  },
];
