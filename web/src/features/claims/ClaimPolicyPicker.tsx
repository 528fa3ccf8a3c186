import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { ComboBox, type ComboBoxOption } from '../../ui/ComboBox';
import { CLAIM_POLICIES_CONTEXT, ClaimPoliciesQuery, type ClaimPolicyOption } from './claims.operations';

const PICKER_SIZE = 20;

export function policyOptionLabel(policy: ClaimPolicyOption): string {
  return `${policy.policyNumber} — ${policy.memberName}`;
}

export type ClaimPolicyPickerProps = {
  label: string;
  value: string;
  onChange: (policyId: string) => void;
  errorMessage?: string | undefined;
};

/**
 * The claim's policy, from the company's active policies, searched on the server by number, member
 * name or SA ID: a large book has too many policies to send to the browser up front.
 */
export function ClaimPolicyPicker({ label, value, onChange, errorMessage }: ClaimPolicyPickerProps) {
  const [inputValue, setInputValue] = useState('');
  const [selected, setSelected] = useState<ComboBoxOption | null>(null);
  // Cleared from outside (a policy number typed instead, or the form reset): empty the input too.
  useEffect(() => {
    if (value || !selected) return;
    setSelected(null);
    setInputValue('');
  }, [value, selected]);
  // While the input shows the chosen policy's label, list everything rather than search for the label.
  const typed = selected && inputValue === selected.label ? '' : inputValue.trim();
  const search = useDebouncedValue(typed) || null;
  const [result] = useQuery({ query: ClaimPoliciesQuery, variables: { search, first: PICKER_SIZE }, context: CLAIM_POLICIES_CONTEXT });
  const found = result.data?.policies.nodes.map((p) => ({ id: p.id, label: policyOptionLabel(p) })) ?? [];
  const options = selected && !found.some((o) => o.id === selected.id) ? [selected, ...found] : found;
  const total = result.data?.policies.totalCount ?? 0;

  return (
    <ComboBox
      label={label}
      isRequired
      placeholder="Search by policy number, member or SA ID"
      options={options}
      inputValue={inputValue}
      onInputChange={(text) => {
        setInputValue(text);
        // Clearing the text clears the choice, so the typed policy number can be used instead.
        if (text === '' && value) {
          setSelected(null);
          onChange('');
        }
      }}
      selectedKey={value || null}
      onSelectionChange={(id) => {
        const option = options.find((o) => o.id === id) ?? null;
        setSelected(option);
        if (option) setInputValue(option.label);
        onChange(id ?? '');
      }}
      description={
        total > found.length ? `Active policies only. Showing ${found.length} of ${total}: type to narrow the list.` : 'Active policies only.'
      }
      emptyText={result.fetching ? 'Searching...' : 'No active policies match'}
      errorMessage={errorMessage}
    />
  );
}
