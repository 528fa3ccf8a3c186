import { useState } from 'react';
import { useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { ComboBox, type ComboBoxOption } from '../../ui/ComboBox';
import { AgentsQuery } from '../agents/agents.operations';
import { ClaimsQuery } from '../claims/claims.operations';
import { GroupSchemesQuery } from '../group-schemes/groupSchemes.operations';
import { MembersQuery } from '../members/members.operations';
import { PoliciesQuery } from '../policies/policies.operations';
import { ENTITY_LABELS } from './auditFormat';
import type { AuditEntity } from './audit.operations';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PICK_SIZE = 10;

function matches(text: string, search: string): boolean {
  return text.toLowerCase().includes(search.toLowerCase());
}

/** The picker's choices for one entity type: the server searches claims, policies and members; agents and schemes are few. */
function useOptions(entity: Exclude<AuditEntity, 'company'>, search: string): ComboBoxOption[] {
  const list = { search: search || null, first: PICK_SIZE, after: null };
  const [claims] = useQuery({ query: ClaimsQuery, variables: { ...list, status: null }, pause: entity !== 'claim' });
  const [policies] = useQuery({ query: PoliciesQuery, variables: { ...list, status: null }, pause: entity !== 'policy' });
  const [members] = useQuery({ query: MembersQuery, variables: list, pause: entity !== 'member' });
  const [agents] = useQuery({ query: AgentsQuery, pause: entity !== 'agent' });
  const [schemes] = useQuery({ query: GroupSchemesQuery, pause: entity !== 'group_scheme' });
  switch (entity) {
    case 'claim':
      return (claims.data?.claims.nodes ?? []).map((c) => ({ id: c.id, label: `${c.claimNumber} · ${c.deceasedName}` }));
    case 'policy':
      return (policies.data?.policies.nodes ?? []).map((p) => ({ id: p.id, label: `${p.policyNumber} · ${p.memberName}` }));
    case 'member':
      return (members.data?.members.nodes ?? []).map((m) => ({
        id: m.id,
        label: `${m.firstName} ${m.lastName} · ${m.saId ?? m.passportNumber ?? ''}${m.policyNumber ? ` · ${m.policyNumber}` : ''}`,
      }));
    case 'agent':
      return (agents.data?.agents ?? [])
        .map((a) => ({ id: a.id, label: `${a.agentId} · ${a.firstName} ${a.lastName}` }))
        .filter((o) => matches(o.label, search))
        .slice(0, PICK_SIZE);
    case 'group_scheme':
      return (schemes.data?.groupSchemes ?? [])
        .map((s) => ({ id: s.id, label: `${s.name} · ${s.policyPrefix}` }))
        .filter((o) => matches(o.label, search))
        .slice(0, PICK_SIZE);
  }
}

export type EntityPickerProps = {
  entity: Exclude<AuditEntity, 'company'>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
};

/** Find the claim, policy, member, agent or scheme by its number or name, or paste its id. */
export function EntityPicker({ entity, selectedId, onSelect }: EntityPickerProps) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim());
  const found = useOptions(entity, search);
  const pasted = input.trim();
  const options =
    UUID.test(pasted) && !found.some((o) => o.id === pasted) ? [...found, { id: pasted, label: `Use the id ${pasted}` }] : found;
  return (
    <ComboBox
      label={`${ENTITY_LABELS[entity]} to audit`}
      options={options}
      inputValue={input}
      onInputChange={setInput}
      selectedKey={selectedId}
      onSelectionChange={(id) => {
        if (id) setInput(options.find((o) => o.id === id)?.label ?? id);
        onSelect(id);
      }}
      placeholder="Search by number or name, or paste an id"
      emptyText={search ? 'Nothing matches' : 'Type to search'}
    />
  );
}
