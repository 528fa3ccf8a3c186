import { useState } from 'react';
import { useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { ComboBox, type ComboBoxOption } from '../../ui/ComboBox';
import { MainMembersQuery, MEMBERS_CONTEXT, type MainMemberOption } from './members.operations';

const PICKER_SIZE = 20;

export function mainMemberLabel(member: MainMemberOption): string {
  const identifier = member.saId ?? member.passportNumber;
  return `${member.firstName} ${member.lastName}${identifier ? ` (${identifier})` : ''}`;
}

export type MainMemberPickerProps = {
  value: string;
  onChange: (id: string) => void;
  errorMessage?: string | undefined;
};

/**
 * The family member's main member, searched on the server by name, SA ID or passport: a premium
 * company has tens of thousands of main members, too many to send to the browser up front.
 */
export function MainMemberPicker({ value, onChange, errorMessage }: MainMemberPickerProps) {
  const [inputValue, setInputValue] = useState('');
  const [selected, setSelected] = useState<ComboBoxOption | null>(null);
  // While the input shows the chosen member's label, list everyone rather than search for the label.
  const typed = selected && inputValue === selected.label ? '' : inputValue.trim();
  const search = useDebouncedValue(typed) || null;
  const [result] = useQuery({ query: MainMembersQuery, variables: { search, first: PICKER_SIZE }, context: MEMBERS_CONTEXT });
  const found = result.data?.members.nodes.map((m) => ({ id: m.id, label: mainMemberLabel(m) })) ?? [];
  // The chosen member stays an option even when the current search no longer finds it.
  const options = selected && !found.some((o) => o.id === selected.id) ? [selected, ...found] : found;
  const total = result.data?.members.totalCount ?? 0;

  return (
    <ComboBox
      label="Main member"
      placeholder="Search by name, SA ID or passport"
      options={options}
      inputValue={inputValue}
      onInputChange={setInputValue}
      selectedKey={value || null}
      onSelectionChange={(id) => {
        const option = options.find((o) => o.id === id) ?? null;
        setSelected(option);
        if (option) setInputValue(option.label);
        onChange(id ?? '');
      }}
      description={total > found.length ? `Showing ${found.length} of ${total}: type to narrow the list.` : undefined}
      emptyText={result.fetching ? 'Searching...' : 'No main members match'}
      errorMessage={errorMessage}
    />
  );
}
