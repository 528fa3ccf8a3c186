import { CLAIM_DOCUMENTS, CLAIM_MESSAGES } from '@fpa/write-model/validation';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { CLAIM_FIELD_LABELS, DOCUMENT_FIELDS } from './claimForm';
import { activePoliciesAnswer, claimRow, claimsAnswer, countsAnswer } from './claims.fixtures';

const DECEASED_SA_ID = '8001015009087';
const CLAIMANT_SA_ID = '8506150123089';

afterEach(() => vi.unstubAllGlobals());

/** Uploads answer as the gateway does: an upload URL, then the stored path for each PUT. */
function stubUploads() {
  let n = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/objects/upload') return Response.json({ uploadURL: `http://localhost/api/objects/uploads/s${++n}?token=t` });
      const name = decodeURIComponent(String((init.headers as Record<string, string>)['X-File-Name']));
      return Response.json({ objectPath: `/objects/uploads/${name}`, size: 1000, contentType: 'application/pdf', originalName: name });
    }),
  );
}

function openClaims(
  submit: (variables: Record<string, unknown>) => GraphQLAnswer = () => ({
    data: { submitClaim: claimRow({ id: 'new', claimNumber: 'CLM-2025-000009' }) },
  }),
) {
  const submitSpy = vi.fn(submit);
  const policySearches: unknown[] = [];
  renderApp(
    '/claims',
    sessionHandler(testUser(), (name, variables) => {
      if (name === 'Claims') return claimsAnswer([claimRow()]);
      if (name === 'ClaimCounts') return countsAnswer();
      if (name === 'PolicyPicker') {
        policySearches.push(variables);
        return activePoliciesAnswer;
      }
      if (name === 'SubmitClaim') return submitSpy(variables);
      if (name === 'PolicyLives') {
        const life = (id: string, firstName: string, relationship: string | null, saId: string, birthDate: string, status = 'active') => ({
          __typename: 'Member',
          id,
          firstName,
          lastName: 'Zulu',
          isMainMember: relationship === null,
          relationship,
          otherRelationship: null,
          saId,
          passportNumber: null,
          birthDate,
          status,
        });
        return {
          data: {
            policy: {
              __typename: 'Policy',
              id: variables.id,
              coverageAmount: '20000.00',
              lives: [
                life('m2', 'Ayanda', null, CLAIMANT_SA_ID, '1985-06-15'),
                life('m3', 'Gogo', 'parent', DECEASED_SA_ID, '1980-01-01'),
                life('m4', 'Sipho', 'child', '1505050123081', '2015-05-05', 'deceased'),
              ],
            },
          },
        };
      }
      return { data: null };
    }),
  );
  return { submitSpy, policySearches };
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'New Claim' }));
  return screen.findByRole('form', { name: 'New claim' });
}

const input = (form: HTMLElement, label: string) => within(form).getByLabelText(label, { selector: 'input, textarea' });

function type(form: HTMLElement, label: string, value: string) {
  fireEvent.change(input(form, label), { target: { value } });
}

async function fillDetails(form: HTMLElement) {
  const L = CLAIM_FIELD_LABELS;
  fireEvent.click(within(form).getByRole('button', { name: /Manner of death/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Accidental' }));
  type(form, L.deceasedFirstName, 'Sipho');
  type(form, L.deceasedLastName, 'Dlamini');
  type(form, L.deceasedSaId, DECEASED_SA_ID);
  type(form, L.deceasedDateOfBirth, '1980-01-01');
  type(form, L.deceasedDateOfDeath, '2025-05-02');
  type(form, L.causeOfDeath, 'Natural causes');
  type(form, L.deathCertificateNumber, 'DC123456');
  type(form, L.claimantFirstName, 'Nomsa');
  type(form, L.claimantLastName, 'Dlamini');
  type(form, L.claimantSaId, CLAIMANT_SA_ID);
  type(form, L.claimantPhone, '082 123 4567');
  type(form, L.claimantEmail, 'nomsa@example.co.za');
  type(form, L.claimantAddress, '12 Vilakazi Street, Soweto');
  type(form, L.relationshipToDeceased, 'Spouse');
  type(form, L.claimAmount, '15000');
  type(form, L.bankAccountNumber, '62000000000');
  type(form, L.bankName, 'FNB');
  type(form, L.bankBranchCode, '250655');
  type(form, L.accountHolderName, 'Nomsa Dlamini');
}

async function uploadAll(form: HTMLElement) {
  for (const field of DOCUMENT_FIELDS) {
    const group = within(form).getByRole('group', { name: CLAIM_FIELD_LABELS[field] });
    const file = new File(['%PDF-1.7'], `${field}.pdf`, { type: 'application/pdf' });
    act(() => {
      fireEvent.change(group.querySelector('input[type="file"]')!, { target: { files: [file] } });
    });
    await within(group).findByText('Uploaded');
  }
}

describe('new claim form', { timeout: 30_000 }, () => {
  it('marks every field but Additional notes with an asterisk; SA IDs take at most 13 characters', async () => {
    openClaims();
    const form = await openForm();
    // The asterisk is generated content after each label marked data-required (seen, not read).
    // A select's label is a span (the manner of death).
    const labels = [...form.querySelectorAll('label, span[id$="-label"], span[data-required]')];
    const marked = labels.filter((l) => l.getAttribute('data-required') === 'true').map((l) => l.textContent);
    const unmarked = labels.filter((l) => !l.hasAttribute('data-required')).map((l) => l.textContent);
    for (const [field, label] of Object.entries(CLAIM_FIELD_LABELS)) {
      if (field === 'additionalNotes') expect(unmarked).toContain(label);
      else expect(marked, label).toContain(label);
    }
    expect(marked).not.toContain('Additional notes');
    // The accessible names stay plain.
    expect(within(form).getByRole('combobox', { name: 'Policy' })).toBeTruthy();
    expect(within(form).getByRole('group', { name: 'Bank letter' })).toBeTruthy();
    expect(input(form, CLAIM_FIELD_LABELS.deceasedSaId).getAttribute('maxLength')).toBe('13');
    expect(input(form, CLAIM_FIELD_LABELS.claimantSaId).getAttribute('maxLength')).toBe('13');
    expect(input(form, CLAIM_FIELD_LABELS.deceasedFirstName).getAttribute('aria-required')).toBe('true');
  });

  it('validates with the shared messages: the policy-or-number rule and the four documents', async () => {
    const { submitSpy } = openClaims();
    const form = await openForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Claim' }));
    expect(await within(form).findByText(CLAIM_MESSAGES.policy)).toBeTruthy();
    expect(within(form).getByText("Deceased's first name is required")).toBeTruthy();
    expect(within(form).getByText('Claim amount is required')).toBeTruthy();
    expect(within(form).getByText(CLAIM_MESSAGES.deathType)).toBeTruthy();
    for (const document of CLAIM_DOCUMENTS) expect(within(form).getByText(document.message)).toBeTruthy();
    expect(within(form).queryByText(/Additional notes.*required/)).toBeNull();

    // A typed policy number satisfies the rule on its own.
    type(form, CLAIM_FIELD_LABELS.policyNumber, 'POL-000001');
    await waitFor(() => expect(within(form).queryByText(CLAIM_MESSAGES.policy)).toBeNull());
    await fillDetails(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Claim' }));
    // Everything but the documents is now fine: the four uploads are still required.
    for (const document of CLAIM_DOCUMENTS) expect(await within(form).findByText(document.message)).toBeTruthy();
    expect(within(form).queryByText(CLAIM_MESSAGES.policy)).toBeNull();
    expect(submitSpy).not.toHaveBeenCalled();
  });

  it('submits with a typed policy number and the four uploaded paths, toasts, resets and closes', async () => {
    stubUploads();
    const { submitSpy } = openClaims();
    const form = await openForm();
    type(form, CLAIM_FIELD_LABELS.policyNumber, 'POL-000001');
    await fillDetails(form);
    await uploadAll(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Claim' }));
    await waitFor(() => expect(submitSpy).toHaveBeenCalledTimes(1));
    expect(submitSpy.mock.calls[0]![0]).toEqual({
      input: expect.objectContaining({
        policyId: null,
        policyNumber: 'POL-000001',
        deceasedSaId: DECEASED_SA_ID,
        claimantPhone: '0821234567',
        claimAmount: '15000',
        deathType: 'accidental',
        additionalNotes: null,
        deceasedIdDocument: '/objects/uploads/deceasedIdDocument.pdf',
        claimantIdDocument: '/objects/uploads/claimantIdDocument.pdf',
        deathCertificateDocument: '/objects/uploads/deathCertificateDocument.pdf',
        bankLetterDocument: '/objects/uploads/bankLetterDocument.pdf',
      }),
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Claim submitted successfully'));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New claim' })).toBeNull());
    // Opened again, it is empty.
    const again = await openForm();
    expect((input(again, CLAIM_FIELD_LABELS.deceasedFirstName) as HTMLInputElement).value).toBe('');
  });

  it('chooses the policy from the active policies', async () => {
    stubUploads();
    const { submitSpy, policySearches } = openClaims();
    const form = await openForm();
    await waitFor(() => expect(policySearches.length).toBeGreaterThan(0));
    const picker = within(form).getByRole('combobox', { name: 'Policy' });
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: 'Ayanda' } });
    await waitFor(() => expect(policySearches).toContainEqual({ search: 'Ayanda', first: 20, status: 'active' }));
    fireEvent.click(await screen.findByRole('option', { name: 'POL-000002 — Ayanda Zulu' }));
    await fillDetails(form);
    await uploadAll(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Claim' }));
    await waitFor(() => expect(submitSpy).toHaveBeenCalledTimes(1));
    expect(submitSpy.mock.calls[0]![0]).toEqual({ input: expect.objectContaining({ policyId: 'p2', policyNumber: null }) });
  });

  it("offers the chosen policy's lives as the deceased, filling the name, ID, date of birth and proposing the cover (issue #23)", async () => {
    openClaims();
    const form = await openForm();
    const picker = within(form).getByRole('combobox', { name: 'Policy' });
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: 'Ayanda' } });
    fireEvent.click(await screen.findByRole('option', { name: 'POL-000002 — Ayanda Zulu' }));
    fireEvent.click(await within(form).findByRole('button', { name: /The deceased, from this policy's lives/ }));
    expect(screen.queryByRole('option', { name: /Sipho Zulu/ })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: `Gogo Zulu (parent, ${DECEASED_SA_ID})` }));
    expect((input(form, CLAIM_FIELD_LABELS.deceasedFirstName) as HTMLInputElement).value).toBe('Gogo');
    expect((input(form, CLAIM_FIELD_LABELS.deceasedSaId) as HTMLInputElement).value).toBe(DECEASED_SA_ID);
    expect((input(form, CLAIM_FIELD_LABELS.deceasedDateOfBirth) as HTMLInputElement).value).toBe('1980-01-01');
    expect((input(form, CLAIM_FIELD_LABELS.claimAmount) as HTMLInputElement).value).toBe('20000.00');
  });

  it("shows the server's field messages under the fields and toasts 'Error'", async () => {
    stubUploads();
    openClaims(() => ({
      errors: [
        {
          message: 'No active policy with number POL-999999',
          extensions: { code: 'VALIDATION', issues: [{ path: ['policyNumber'], message: 'No active policy with number POL-999999' }] },
        },
      ],
    }));
    const form = await openForm();
    type(form, CLAIM_FIELD_LABELS.policyNumber, 'POL-999999');
    await fillDetails(form);
    await uploadAll(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Claim' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Error'));
    expect(screen.getByRole('alert').textContent).toContain('No active policy with number POL-999999');
    expect(within(form).getByText('No active policy with number POL-999999')).toBeTruthy();
    expect(input(form, CLAIM_FIELD_LABELS.policyNumber).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('form', { name: 'New claim' })).toBeTruthy();
  });
});
