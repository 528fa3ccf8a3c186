import { CSV_MEMBER_COLUMNS } from '@fpa/write-model/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../../test/graphql';
import { renderApp } from '../../../test/render';
import { membersAnswer, policyTypeFixture } from '../members.fixtures';

const HEADER = CSV_MEMBER_COLUMNS.join(',');

/** A valid principal row; the SA ID varies only in ways the upload dialog does not check for uniqueness. */
function principal(firstName = 'Thabo', saId = '8001015009087') {
  const values: Record<string, string> = {
    firstName,
    lastName: 'Mokoena',
    identifierType: 'saId',
    saId,
    nationality: 'ZA',
    phone: '0821234567',
    address: '12 Church Street',
    city: 'Pretoria',
    province: 'GP',
    postalCode: '0002',
    isMainMember: 'true',
  };
  return CSV_MEMBER_COLUMNS.map((column) => values[column] ?? '').join(',');
}

type ImportCall = { importId: string; chunkIndex: number; firstRowNumber: number; rows: unknown[] };

function openBulkUpload(importMembers: (input: ImportCall) => GraphQLAnswer | Promise<GraphQLAnswer>) {
  const calls: ImportCall[] = [];
  renderApp(
    '/members',
    sessionHandler(testUser(), (name, variables) => {
      if (name === 'Members') return membersAnswer([]);
      if (name === 'PolicyTypes') return { data: { policyTypes: [policyTypeFixture()] } };
      if (name === 'ImportMembers') {
        const input = variables.input as ImportCall;
        calls.push(input);
        return importMembers(input);
      }
      return { data: null };
    }),
  );
  return calls;
}

async function chooseFile(content: string, name = 'members.csv', type = 'text/csv') {
  fireEvent.click(await screen.findByRole('button', { name: 'Bulk Upload' }));
  const dialog = await screen.findByRole('dialog', { name: 'Bulk Upload Members' });
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Choose CSV File' }).hasAttribute('disabled')).toBe(false));
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([content], name, { type })] } });
  return dialog;
}

const answer = (imported: number, failed: { rowNumber: number; errors: string[] }[] = [], skippedForLimit = 0): GraphQLAnswer => ({
  data: { importMembers: { __typename: 'ImportMembersResult', imported, failed, skippedForLimit } },
});

describe('bulk upload dialog', { timeout: 20_000 }, () => {
  it("refuses a file that is not CSV with 'Invalid file'", async () => {
    openBulkUpload(() => answer(0));
    await chooseFile('hello', 'notes.txt', 'text/plain');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Invalid file'));
    expect(screen.getByRole('alert').textContent).toContain('Please select a valid CSV file.');
  });

  it("says 'Empty file' for a header without rows", async () => {
    openBulkUpload(() => answer(0));
    const dialog = await chooseFile(`${HEADER}\n`);
    expect(await within(dialog).findByText(/Empty file/)).toBeTruthy();
  });

  it('lists rows with problems by row number (index + 2) and offers no upload', async () => {
    openBulkUpload(() => answer(0));
    const dialog = await chooseFile([HEADER, principal(), principal(''), principal('Sam', '123')].join('\n'));
    const list = await within(dialog).findByRole('list', { name: '2 rows have validation errors' });
    expect(list.textContent).toContain('Row 3:');
    expect(list.textContent).toContain('First name is required');
    expect(list.textContent).toContain('Row 4:');
    expect(list.textContent).toContain('Invalid SA ID number');
    expect(within(dialog).queryByRole('button', { name: /^Upload/ })).toBeNull();
  });

  it('uploads in chunks of 500 with one import id, shows progress and the refused rows', async () => {
    let releaseSecond: () => void = () => {};
    const secondChunk = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    const calls = openBulkUpload(async (input) => {
      if (input.chunkIndex === 0) return answer(500);
      await secondChunk;
      return answer(
        98,
        [
          { rowNumber: 550, errors: ['A member with this SA ID already exists'] },
          { rowNumber: 601, errors: ['Member limit reached'] },
        ],
        1,
      );
    });
    const rows = Array.from({ length: 600 }, (_, i) => principal(`Name${i}`));
    const dialog = await chooseFile([HEADER, ...rows].join('\n'));
    expect(await within(dialog).findByText('All 600 rows are valid and ready to upload.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload 600 Members' }));
    expect(await within(dialog).findByText('500 of 600 members uploaded')).toBeTruthy();
    expect(within(dialog).getByText('83%')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress: 83%' })).toBeTruthy();
    expect(within(dialog).getByText('Uploading...')).toBeTruthy();

    releaseSecond();
    expect(await within(dialog).findByText('598 of 600 members uploaded, 2 failed')).toBeTruthy();
    expect(calls.map((c) => [c.chunkIndex, c.firstRowNumber, c.rows.length])).toEqual([
      [0, 2, 500],
      [1, 502, 100],
    ]);
    expect(new Set(calls.map((c) => c.importId)).size).toBe(1);
    const refused = within(dialog).getByRole('list', { name: '2 rows were not imported' });
    expect(refused.textContent).toContain('Row 550:');
    expect(refused.textContent).toContain('Row 601:');
    expect(within(dialog).getByText(/1 rows were not imported because your plan/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Bulk Upload Members' })).toBeTruthy());
  });

  it("a failed call ends with 'Upload failed' and resumes with the same import id", async () => {
    let fail = true;
    const calls = openBulkUpload((input) =>
      input.chunkIndex === 1 && fail ? { errors: [{ message: 'Service unavailable' }] } : answer(input.rows.length),
    );
    const rows = Array.from({ length: 700 }, (_, i) => principal(`Name${i}`));
    const dialog = await chooseFile([HEADER, ...rows].join('\n'));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Upload 700 Members' }));
    expect(await within(dialog).findByText('Service unavailable')).toBeTruthy();
    expect(within(dialog).getByText('500 of 700 members uploaded')).toBeTruthy();

    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resume Upload' }));
    expect(await within(dialog).findByText('700 of 700 members uploaded')).toBeTruthy();
    expect(calls.map((c) => c.chunkIndex)).toEqual([0, 1, 1]);
    expect(new Set(calls.map((c) => c.importId)).size).toBe(1);
  });
});
