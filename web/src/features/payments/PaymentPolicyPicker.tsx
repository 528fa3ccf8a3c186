import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { ComboBox, type ComboBoxOption } from '../../ui/ComboBox';
import { PAYMENT_POLICIES_CONTEXT, PaymentPoliciesQuery, type PaymentPolicyOption } from './payments.operations';

const PICKER_SIZE = 20;

/** 'POL-000001 — Sipho Dlamini', with the status when the policy is not active (a lapsed one is paid up too). */
export function paymentPolicyLabel(policy: PaymentPolicyOption): string {
  const base = `${policy.policyNumber} — ${policy.memberName}`;
  return policy.status === 'active' ? base : `${base} (${policy.status})`;
}

export type PaymentPolicyPickerProps = {
  value: string;
  onChange: (policyId: string) => void;
  errorMessage?: string | undefined;
};

/**
 * The policy a payment is for, searched on the server by number, member name or SA ID: a large book
 * has too many policies to send to the browser up front.
 */
export function PaymentPolicyPicker({ value, onChange, errorMessage }: PaymentPolicyPickerProps) {
  const [inputValue, setInputValue] = useState('');
  const [selected, setSelected] = useState<ComboBoxOption | null>(null);
  // Cleared from outside (the form reset after a payment): empty the input too.
  useEffect(() => {
    if (value || !selected) return;
    setSelected(null);
    setInputValue('');
  }, [value, selected]);
  // While the input shows the chosen policy's label, list everything rather than search for the label.
  const typed = selected && inputValue === selected.label ? '' : inputValue.trim();
  const search = useDebouncedValue(typed) || null;
  const [result] = useQuery({ query: PaymentPoliciesQuery, variables: { search, first: PICKER_SIZE }, context: PAYMENT_POLICIES_CONTEXT });
  const found = result.data?.policies.nodes.map((p) => ({ id: p.id, label: paymentPolicyLabel(p) })) ?? [];
  const options = selected && !found.some((o) => o.id === selected.id) ? [selected, ...found] : found;
  const total = result.data?.policies.totalCount ?? 0;

  return (
    <ComboBox
      label="Policy"
      isRequired
      placeholder="Search by policy number, member or SA ID"
      options={options}
      inputValue={inputValue}
      onInputChange={(text) => {
        setInputValue(text);
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
      description={total > found.length ? `Showing ${found.length} of ${total}: type to narrow the list.` : undefined}
      emptyText={result.fetching ? 'Searching...' : 'No policies match'}
      errorMessage={errorMessage}
    />
  );
}
