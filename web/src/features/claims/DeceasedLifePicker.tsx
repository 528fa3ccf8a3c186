import { graphql, type ResultOf } from 'gql.tada';
import { useState } from 'react';
import { useQuery } from 'urql';
import { Select } from '../../ui/Select';
import { memberTag } from '../members/memberRow';

/** The chosen policy's lives and cover (issue #23): the claim form offers them as the deceased. */
export const PolicyLivesQuery = graphql(`
  query PolicyLives($id: ID!) {
    policy(id: $id) {
      id
      coverageAmount
      lives {
        id
        firstName
        lastName
        isMainMember
        relationship
        otherRelationship
        saId
        passportNumber
        birthDate
        status
      }
    }
  }
`);

export type PolicyLife = NonNullable<NonNullable<ResultOf<typeof PolicyLivesQuery>['policy']>['lives']>[number];

function lifeLabel(life: PolicyLife): string {
  const who = life.isMainMember ? 'main member' : memberTag(life).toLowerCase();
  const id = life.saId ?? life.passportNumber;
  return `${life.firstName} ${life.lastName} (${who}${id ? `, ${id}` : ''})`;
}

/**
 * 'Who died?': the lives on the chosen policy, a choice filling the deceased's name, ID and date of
 * birth and proposing the policy's cover as the amount. A life already marked deceased is not offered.
 * Nothing shows for a role that may not read members, or a policy with no one to choose.
 */
export function DeceasedLifePicker({ policyId, onPick }: { policyId: string; onPick: (life: PolicyLife, cover: string) => void }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [result] = useQuery({ query: PolicyLivesQuery, variables: { id: policyId } });
  const policy = result.data?.policy;
  const lives = (policy?.lives ?? []).filter((life) => life.status !== 'deceased');
  if (!policy || lives.length === 0) return null;
  return (
    <Select
      label="The deceased, from this policy's lives"
      placeholder="Choose who died (or type the details below)"
      options={lives.map((life) => ({ id: life.id, label: lifeLabel(life) }))}
      value={chosen}
      onChange={(id) => {
        setChosen(id);
        const life = lives.find((l) => l.id === id);
        if (life) onPick(life, policy.coverageAmount);
      }}
    />
  );
}
