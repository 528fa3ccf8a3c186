import { provinceName } from '@fpa/write-model/validation';
import { useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage, serverMessageOr } from '../../app/errors';
import { formatRand } from '../../app/format';
import { useToast } from '../../app/toast';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Icon } from '../../ui/Icon';
import { EmptyState } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import {
  RemoveSchemeMemberMutation,
  SCHEMES_CONTEXT,
  SchemeMembersQuery,
  type SchemeFamilyMember,
  type SchemeMember,
} from './groupSchemes.operations';
import { RELATIONSHIP_LABELS } from './schemeRows';
import * as styles from './groupSchemes.css';
import { useCan } from '../../app/permissions';
import { MemberLink } from '../members/MemberLink';

const fullName = (m: Pick<SchemeMember, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

type Removal = { member: SchemeMember | SchemeFamilyMember; family: readonly SchemeFamilyMember[] };

/** What the confirmation says: a main member's family goes with it (spec part 2 §2, issue 5). */
export function removalText({ member, family }: Removal): string {
  if (!member.isMainMember) return `${fullName(member)} will be removed from the scheme.`;
  if (family.length === 0) return `${fullName(member)} will be removed from the scheme and policy ${member.policyNumber} ends.`;
  const names = family.map(fullName).join(', ');
  const count = family.length === 1 ? '1 family member' : `${family.length} family members`;
  return `${fullName(member)} will be removed from the scheme and policy ${member.policyNumber} ends. The family is removed with the main member: ${count} (${names}).`;
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function FamilyItem({ member, onRemove }: { member: SchemeFamilyMember; onRemove: (() => void) | null }) {
  return (
    <li className={styles.familyItem}>
      <div className={styles.memberText}>
        <span className={styles.memberName}>
          <MemberLink memberId={member.id}>{fullName(member)}</MemberLink>
        </span>
        <dl className={styles.memberFacts}>
          <Fact label="Relationship" value={member.relationship ? RELATIONSHIP_LABELS[member.relationship] : null} />
          <Fact label="SA ID" value={member.saId} />
          <Fact label="Cover" value={member.coverAmount ? formatRand(member.coverAmount) : null} />
        </dl>
      </div>
      {onRemove && (
        <Button variant="ghost" size="sm" aria-label={`Remove ${fullName(member)}`} onPress={onRemove}>
          <Icon name="trash" size={16} />
          Remove
        </Button>
      )}
    </li>
  );
}

function MainMemberItem({ member, onRemove }: { member: SchemeMember; onRemove: ((removal: Removal) => void) | null }) {
  const headingId = `scheme-member-${member.id}`;
  const address = [member.address, member.city, member.province ? provinceName(member.province) : null, member.postalCode]
    .filter(Boolean)
    .join(', ');
  return (
    <li className={styles.memberItem} aria-labelledby={headingId}>
      <div className={styles.memberHead}>
        <div className={styles.memberText}>
          <h3 id={headingId} className={styles.memberTitle}>
            <MemberLink memberId={member.id}>{fullName(member)}</MemberLink>
          </h3>
          <span className={styles.policyLine}>
            Policy <strong>{member.policyNumber}</strong>
            <Badge tone="primary">Main member</Badge>
          </span>
        </div>
        {onRemove && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Remove ${fullName(member)}`}
            onPress={() => onRemove({ member, family: member.familyMembers })}
          >
            <Icon name="trash" size={16} />
            Remove
          </Button>
        )}
      </div>
      <dl className={styles.memberFacts}>
        <Fact label="SA ID" value={member.saId ?? member.passportNumber} />
        <Fact label="Phone" value={member.phone} />
        <Fact label="Email" value={member.email} />
        <Fact label="Address" value={address} />
        <Fact label="Cover" value={member.coverAmount ? formatRand(member.coverAmount) : null} />
      </dl>
      {member.familyMembers.length > 0 && (
        <div className={styles.familyBlock}>
          <h4 className={styles.familyTitle}>Family ({member.familyMembers.length})</h4>
          <ul className={styles.familyList} aria-label={`Family of ${fullName(member)}`}>
            {member.familyMembers.map((family) => (
              <FamilyItem key={family.id} member={family} onRemove={onRemove ? () => onRemove({ member: family, family: [] }) : null} />
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** The scheme's members, family nested under their main member, each removable after a confirmation. */
export function SchemeMembersList({ schemeId }: { schemeId: string }) {
  const { toast } = useToast();
  const [result] = useQuery({ query: SchemeMembersQuery, variables: { schemeId }, context: SCHEMES_CONTEXT });
  const [{ fetching: removing }, removeMember] = useMutation(RemoveSchemeMemberMutation);
  const [removal, setRemoval] = useState<Removal | null>(null);
  // Removing needs group_schemes:delete, as the server checks (issue #25).
  const canRemove = useCan('group_schemes:delete');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const members = result.data?.schemeMembers ?? [];

  const confirm = async () => {
    if (!removal) return;
    const name = fullName(removal.member);
    const answer = await removeMember({ schemeId, memberId: removal.member.id }, SCHEMES_CONTEXT);
    if (answer.error) {
      toast({ title: 'Error', description: serverMessageOr(answer.error, 'Failed to remove member'), variant: 'destructive' });
      return;
    }
    const family = answer.data?.removeSchemeMember.familyMembersRemoved ?? 0;
    setRemoval(null);
    // The Remove button that opened the dialog has gone with its member: continue from the list's heading.
    setTimeout(() => headingRef.current?.focus(), 0);
    toast({
      title: 'Member removed',
      description:
        family > 0 ? `${name} and ${family} family ${family === 1 ? 'member were' : 'members were'} removed.` : `${name} was removed.`,
    });
  };

  let body;
  if (result.fetching && !result.data) body = <Spinner label="Loading members" />;
  else if (result.error && !result.data) body = <p className={styles.hint}>{errorMessage(result.error)}</p>;
  else if (members.length === 0)
    body = <EmptyState icon="users" title="No members yet" text="Add main members and their families with Add Members." />;
  else
    body = (
      <ul className={styles.memberList}>
        {members.map((member) => (
          <MainMemberItem key={member.id} member={member} onRemove={canRemove ? setRemoval : null} />
        ))}
      </ul>
    );

  return (
    <section className={styles.section} aria-labelledby="scheme-members-title">
      <h2 id="scheme-members-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        Members
      </h2>
      {body}
      <ConfirmDialog
        isOpen={removal !== null}
        title={removal ? `Remove ${fullName(removal.member)}?` : ''}
        confirmLabel="Remove Member"
        pendingLabel="Removing..."
        isPending={removing}
        onConfirm={() => void confirm()}
        onCancel={() => setRemoval(null)}
      >
        <p>{removal ? removalText(removal) : ''}</p>
      </ConfirmDialog>
    </section>
  );
}
