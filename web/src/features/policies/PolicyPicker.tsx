import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { graphql, type ResultOf } from 'gql.tada';
import { useDebouncedValue } from '../../app/debounce';
import { ComboBox, type ComboBoxOption } from '../../ui/ComboBox';

const PICKER_SIZE = 20;

/** The policies a form may pick: searched on the server, a large book has too many to send up front. */
export const PolicyPickerQuery = graphql(`
  query PolicyPicker($search: String, $status: PolicyStatus, $first: Int) {
    policies(search: $search, status: $status, first: $first) {
      nodes {
        id
        policyNumber
        memberName
        status
        schemeId
      }
      totalCount
    }
  }
`);

/** Policies change with policy and member changes. */
const POLICY_PICKER_CONTEXT = { additionalTypenames: ['Policy', 'Member'] };

export type PolicyOption = ResultOf<typeof PolicyPickerQuery>['policies']['nodes'][number];

/** 'POL-000001 — Sipho Dlamini', with the status when the policy is not active. */
export function policyOptionLabel(policy: PolicyOption): string {
  const base = `${policy.policyNumber} — ${policy.memberName}`;
  return policy.status === 'active' ? base : `${base} (${policy.status})`;
}

export type PolicyPickerProps = {
  label: string;
  value: string;
  onChange: (policyId: string) => void;
  errorMessage?: string | undefined;
  /** Claims are made on active policies only; payments may pay up a lapsed one. */
  activeOnly?: boolean;
  /** A group scheme's policies are paid by their scheme (Group Payment), not one by one: leave them out. */
  excludeSchemes?: boolean;
};

/** A searchable choice of one of the company's policies (the claim form's and the payment form's). */
export function PolicyPicker({ label, value, onChange, errorMessage, activeOnly = false, excludeSchemes = false }: PolicyPickerProps) {
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
  const [result] = useQuery({
    query: PolicyPickerQuery,
    variables: { search, first: PICKER_SIZE, status: activeOnly ? 'active' : null },
    context: POLICY_PICKER_CONTEXT,
  });
  const found =
    result.data?.policies.nodes.filter((p) => !(excludeSchemes && p.schemeId)).map((p) => ({ id: p.id, label: policyOptionLabel(p) })) ??
    [];
  const options = selected && !found.some((o) => o.id === selected.id) ? [selected, ...found] : found;
  const total = result.data?.policies.totalCount ?? 0;
  const scope = activeOnly ? 'Active policies only. ' : '';
  const more = total > found.length ? `Showing ${found.length} of ${total}: type to narrow the list.` : '';

  return (
    <ComboBox
      label={label}
      isRequired
      placeholder="Search by policy number, member or SA ID"
      options={options}
      inputValue={inputValue}
      onInputChange={(text) => {
        setInputValue(text);
        // Clearing the text clears the choice (the claim form then takes a typed policy number).
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
      description={`${scope}${more}`.trim() || undefined}
      emptyText={result.fetching ? 'Searching...' : activeOnly ? 'No active policies match' : 'No policies match'}
      errorMessage={errorMessage}
    />
  );
}
