import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { groupScheme, membersPayload } from './groupSchemes.fixtures';
import { droppedRowsMessage, removeMainRow, emptyMainRow } from './schemeRows';

const MAIN_SA_ID = '8001015009087';
const FAMILY_SA_ID = '8506150123089';

function openSchemes(
  create: (variables: Record<string, unknown>) => GraphQLAnswer = () => ({ data: { createGroupScheme: membersPayload() } }),
) {
  const createSpy = vi.fn(create);
  const view = renderApp(
    '/group-schemes',
    sessionHandler(testUser(), (name, variables) => {
      if (name === 'GroupSchemes')
        return {
          data: {
            groupSchemes: [
              groupScheme(),
              groupScheme({ id: 's2', name: 'Taxi Association', description: '', status: 'inactive', totalMembers: 0 }),
            ],
          },
        };
      if (name === 'CreateGroupScheme') return createSpy(variables);
      return { data: null };
    }),
  );
  return { createSpy, router: view.router };
}

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create Scheme' }));
  return screen.findByRole('dialog', { name: 'Create Group Scheme' });
}

const field = (root: HTMLElement, label: string) => within(root).getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });
const type = (root: HTMLElement, label: string, value: string) => fireEvent.change(field(root, label), { target: { value } });
const mainGroups = (dialog: HTMLElement) => within(dialog).queryAllByRole('group', { name: /^Main member \d+$/ });

describe('scheme rows', () => {
  it('never removes the last main-member row', () => {
    const only = [emptyMainRow()];
    expect(removeMainRow(only, 0)).toHaveLength(1);
    expect(removeMainRow([emptyMainRow(), emptyMainRow()], 0)).toHaveLength(1);
  });

  it('says how many rows were dropped', () => {
    expect(droppedRowsMessage(0)).toBeNull();
    expect(droppedRowsMessage(1)).toMatch(/^1 incomplete row was left out/);
    expect(droppedRowsMessage(3)).toMatch(/^3 incomplete rows were left out/);
  });
});

describe('/group-schemes', { timeout: 30_000 }, () => {
  it('shows a card per scheme with status, members and View Details', async () => {
    openSchemes();
    expect(await screen.findByRole('heading', { level: 1, name: 'Group Schemes' })).toBeTruthy();
    const card = (await screen.findByRole('heading', { name: 'Mine Workers' })).closest('article')!;
    expect(within(card).getByText('Shaft 4 employees and their families')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('Total members').nextElementSibling?.textContent).toBe('3');
    expect(within(card).getByRole('link', { name: 'View Details for Mine Workers' }).getAttribute('href')).toBe('/group-schemes/s1');
    const other = screen.getByRole('heading', { name: 'Taxi Association' }).closest('article')!;
    expect(within(other).getByText('Inactive')).toBeTruthy();
  });

  it('keeps at least one main-member row on screen and nests family rows under their main member', async () => {
    openSchemes();
    const dialog = await openCreate();
    expect(mainGroups(dialog)).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: /Remove main member/ })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Main Member' }));
    await waitFor(() => expect(mainGroups(dialog)).toHaveLength(2));
    // The new row's first field takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, 'Main member 2 First name')));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove main member 1' }));
    await waitFor(() => expect(mainGroups(dialog)).toHaveLength(1));
    expect(within(dialog).queryByRole('button', { name: /Remove main member/ })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add family member to main member 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add family member to main member 1' }));
    const main = mainGroups(dialog)[0]!;
    const family = within(main).getAllByRole('group', { name: /^Family member \d$/ });
    expect(family).toHaveLength(2);
    expect(field(family[1]!, 'Main member 1, family member 2 First name')).toBeTruthy();
    expect(field(main, 'Main member 1 SA ID number').getAttribute('maxLength')).toBe('13');
    expect(field(family[0]!, 'Main member 1, family member 1 SA ID number').getAttribute('maxLength')).toBe('13');
    fireEvent.click(within(family[0]!).getByRole('button', { name: /Relationship/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Spouse', 'Child', 'Parent', 'Sibling', 'Other']);
    fireEvent.click(screen.getByRole('option', { name: 'Child' }));
    fireEvent.click(within(main).getByRole('button', { name: 'Remove family member 2 of main member 1' }));
    await waitFor(() => expect(within(main).getAllByRole('group', { name: /^Family member \d$/ })).toHaveLength(1));
  });

  it('needs a name and one complete main member, with the shared messages', async () => {
    const { createSpy } = openSchemes();
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Scheme' }));
    expect(await within(dialog).findByText('Please enter a scheme name')).toBeTruthy();
    expect(within(dialog).getByText('Please add at least one main member with complete information')).toBeTruthy();
    type(dialog, 'Scheme name', 'Mine Workers');
    type(dialog, 'Main member 1 First name', 'Zanele');
    await waitFor(() => expect(within(dialog).queryByText('Please add at least one main member with complete information')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Scheme' }));
    expect(await within(dialog).findByText('Please add at least one main member with complete information')).toBeTruthy();
    expect(createSpy).not.toHaveBeenCalled();
  });

  it('sends the rows as typed and tells how many rows the server dropped', async () => {
    const { createSpy } = openSchemes(() => ({
      data: { createGroupScheme: membersPayload({ droppedRows: 1, mainMembersAdded: 1, familyMembersAdded: 1 }) },
    }));
    const dialog = await openCreate();
    type(dialog, 'Scheme name', 'Mine Workers');
    type(dialog, 'Description', 'Shaft 4');
    type(dialog, 'Main member 1 First name', 'Zanele');
    type(dialog, 'Main member 1 Last name', 'Mokoena');
    type(dialog, 'Main member 1 SA ID number', MAIN_SA_ID);
    type(dialog, 'Main member 1 Phone', '071 234 5678');
    type(dialog, 'Main member 1 Address', '5 Church Street');
    type(dialog, 'Main member 1 Cover amount (R)', '20000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add family member to main member 1' }));
    type(dialog, 'Main member 1, family member 1 First name', 'Kabelo');
    type(dialog, 'Main member 1, family member 1 Last name', 'Mokoena');
    type(dialog, 'Main member 1, family member 1 SA ID number', FAMILY_SA_ID);
    fireEvent.click(within(dialog).getByRole('button', { name: /Main member 1, family member 1 Relationship/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Child' }));
    // A second row with only a first name: incomplete, so it is dropped rather than refused.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Main Member' }));
    type(dialog, 'Main member 2 First name', 'Half');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Scheme' }));
    await waitFor(() => expect(createSpy).toHaveBeenCalledTimes(1));
    const input = (
      createSpy.mock.calls[0]![0] as { input: { name: string; description: string; mainMembers: Array<Record<string, unknown>> } }
    ).input;
    expect(input.name).toBe('Mine Workers');
    expect(input.description).toBe('Shaft 4');
    expect(input.mainMembers).toHaveLength(2);
    expect(input.mainMembers[0]).toMatchObject({ firstName: 'Zanele', saId: MAIN_SA_ID, phone: '071 234 5678', coverAmount: '20000' });
    expect(input.mainMembers[0]!.familyMembers).toEqual([
      {
        firstName: 'Kabelo',
        lastName: 'Mokoena',
        saId: FAMILY_SA_ID,
        relationship: 'child',
        coverAmount: '',
        priorCoverMonths: null,
        priorCoverEndedOn: null,
      },
    ]);
    expect(input.mainMembers[0]).not.toHaveProperty('key');
    expect(input.mainMembers[1]).toMatchObject({ firstName: 'Half', lastName: '' });

    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Group scheme created'));
    expect(screen.getByRole('status').textContent).toContain('1 main member and 1 family member added.');
    expect(screen.getByRole('status').textContent).toContain('1 incomplete row was left out');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the row messages of a complete row where the user typed it', async () => {
    const { createSpy } = openSchemes();
    const dialog = await openCreate();
    type(dialog, 'Scheme name', 'Mine Workers');
    type(dialog, 'Main member 1 First name', 'Zanele');
    type(dialog, 'Main member 1 Last name', 'Mokoena');
    type(dialog, 'Main member 1 SA ID number', '8001015009088');
    type(dialog, 'Main member 1 Phone', '071 234 5678');
    type(dialog, 'Main member 1 Address', '5 Church Street');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Scheme' }));
    expect(await within(dialog).findByText('Invalid SA ID number')).toBeTruthy();
    expect(field(dialog, 'Main member 1 SA ID number').getAttribute('aria-invalid')).toBe('true');
    expect(createSpy).not.toHaveBeenCalled();
  });
});
