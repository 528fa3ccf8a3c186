import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MEMBER_MESSAGES } from '@fpa/write-model/validation';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { groupScheme, mainMember, membersPayload } from './groupSchemes.fixtures';

type Handlers = Partial<
  Record<'GroupScheme' | 'RemoveSchemeMember' | 'UpdateGroupScheme' | 'AddSchemeMembers', (v: Record<string, unknown>) => GraphQLAnswer>
>;

function openScheme(path = '/group-schemes/s1', handlers: Handlers = {}) {
  const spies = {
    remove: vi.fn(
      handlers.RemoveSchemeMember ??
        ((v: Record<string, unknown>) => ({
          data: {
            removeSchemeMember: {
              __typename: 'RemoveSchemeMemberPayload',
              scheme: groupScheme({ totalMembers: 0 }),
              removedMemberId: v.memberId,
              familyMembersRemoved: 2,
            },
          },
        })),
    ),
    update: vi.fn(
      handlers.UpdateGroupScheme ?? ((v: Record<string, unknown>) => ({ data: { updateGroupScheme: groupScheme(v.input as object) } })),
    ),
    add: vi.fn(
      handlers.AddSchemeMembers ?? (() => ({ data: { addSchemeMembers: membersPayload({ droppedRows: 2, familyMembersAdded: 0 }) } })),
    ),
    members: vi.fn(),
  };
  renderApp(
    path,
    sessionHandler(testUser(), (name, variables) => {
      if (name === 'GroupScheme')
        return handlers.GroupScheme?.(variables) ?? { data: { groupScheme: variables.id === 's1' ? groupScheme() : null } };
      if (name === 'SchemeMembers') {
        spies.members(variables);
        return { data: { schemeMembers: [mainMember()] } };
      }
      if (name === 'RemoveSchemeMember') return spies.remove(variables);
      if (name === 'UpdateGroupScheme') return spies.update(variables);
      if (name === 'AddSchemeMembers') return spies.add(variables);
      return { data: null };
    }),
  );
  return spies;
}

async function expectNotFound() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Scheme Not Found' })).toBeTruthy();
  expect(screen.getByText('The requested group scheme could not be found.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to Group Schemes' }).getAttribute('href')).toBe('/group-schemes');
}

describe('/group-schemes/{id}: Scheme Not Found', { timeout: 30_000 }, () => {
  it('shows Scheme Not Found with the link back for an unknown id (or another company’s: the server answers null)', async () => {
    const { members } = openScheme('/group-schemes/nope');
    await expectNotFound();
    expect(members).not.toHaveBeenCalled();
  });

  it('shows it for a NOT_FOUND refusal too', async () => {
    openScheme('/group-schemes/s1', {
      GroupScheme: () => ({ data: null, errors: [{ message: 'Group scheme not found', extensions: { code: 'NOT_FOUND' } }] }),
    });
    await expectNotFound();
  });
});

describe('/group-schemes/{id}', { timeout: 30_000 }, () => {
  it('shows the header, the information and family nested under the main member with the policy number', async () => {
    openScheme();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mine Workers' })).toBeTruthy();
    const info = screen.getByRole('heading', { name: 'Scheme Information' }).closest('section')!;
    expect(within(info).getByText('Active')).toBeTruthy();
    expect(within(info).getByText('Total members').nextElementSibling?.textContent).toBe('3');
    expect(within(info).getByText('Shaft 4 employees and their families')).toBeTruthy();

    const main = (await screen.findByRole('heading', { level: 3, name: 'Zanele Mokoena' })).closest('li')!;
    expect(within(main).getByText('MIN-000001')).toBeTruthy();
    const family = within(main).getByRole('list', { name: 'Family of Zanele Mokoena' });
    expect(
      within(family)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent),
    ).toEqual(['Kabelo Mokoena', 'Thabo Mokoena']);
    expect(within(family).getByText('Child')).toBeTruthy();
    expect(within(family).getByText('Spouse')).toBeTruthy();
  });

  it('asks before removing a main member, saying the family goes too', async () => {
    const { remove } = openScheme();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Zanele Mokoena' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Zanele Mokoena?' });
    expect(confirm.textContent).toContain('The family is removed with the main member: 2 family members (Kabelo Mokoena, Thabo Mokoena)');
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove Member' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ schemeId: 's1', memberId: 'm1' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Zanele Mokoena and 2 family members were removed.'));
  });

  it("removes a family member alone; a refusal toasts 'Failed to remove member' when the server gives no message", async () => {
    const { remove } = openScheme('/group-schemes/s1', { RemoveSchemeMember: () => ({ errors: [{ message: '' }] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Kabelo Mokoena' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Kabelo Mokoena?' });
    expect(confirm.textContent).toContain('Kabelo Mokoena will be removed from the scheme.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove Member' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ schemeId: 's1', memberId: 'f1' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to remove member'));
  });

  it('edits name, description and status', async () => {
    const { update } = openScheme();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Group Scheme' });
    const name = within(dialog).getByLabelText<HTMLInputElement>('Scheme name', { selector: 'input' });
    expect(name.value).toBe('Mine Workers');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Please enter a scheme name')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Mine Workers Union' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Inactive' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        id: 's1',
        input: { name: 'Mine Workers Union', description: 'Shaft 4 employees and their families', status: 'inactive' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds members with the same rows and no name, and tells how many rows were dropped', async () => {
    const { add } = openScheme();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Members: Mine Workers' });
    expect(within(dialog).queryByLabelText('Scheme name')).toBeNull();
    expect(within(dialog).getAllByRole('group', { name: /^Main member \d+$/ })).toHaveLength(1);
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label, { selector: 'input' }), { target: { value } });
    type('Main member 1 First name', 'Lerato');
    type('Main member 1 Last name', 'Dube');
    type('Main member 1 SA ID number', '8506150123089');
    type('Main member 1 Phone', '0821234567');
    type('Main member 1 Address', '9 Mine Road');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Members' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    expect(add.mock.calls[0]![0]).toMatchObject({
      schemeId: 's1',
      input: { mainMembers: [expect.objectContaining({ firstName: 'Lerato', familyMembers: [] })] },
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('2 incomplete rows were left out'));
  });

  it("takes a member's cover proven elsewhere with the members' rule (issue #22): both or neither, sent as months and a date", async () => {
    const { add } = openScheme();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Members: Mine Workers' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label, { selector: 'input' }), { target: { value } });
    type('Main member 1 First name', 'Lerato');
    type('Main member 1 Last name', 'Dube');
    type('Main member 1 SA ID number', '8506150123089');
    type('Main member 1 Phone', '0821234567');
    type('Main member 1 Address', '9 Mine Road');
    type('Main member 1 Prior cover (whole months)', '12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Members' }));
    expect(await within(dialog).findByText(MEMBER_MESSAGES.priorCoverBoth)).toBeTruthy();
    expect(add).not.toHaveBeenCalled();
    type('Main member 1 Prior cover ended on', '2025-01-31');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Members' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    expect(add.mock.calls[0]![0]).toMatchObject({
      input: { mainMembers: [expect.objectContaining({ firstName: 'Lerato', priorCoverMonths: 12, priorCoverEndedOn: '2025-01-31' })] },
    });
  });
});
