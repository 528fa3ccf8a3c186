import type { BadgeTone } from '../../ui/Badge';
import type { MemberRow } from './members.operations';

/** The tag beside the name: 'Main' for a principal, else the relationship ('Spouse', or the words given for 'other'). */
export function memberTag(member: Pick<MemberRow, 'isMainMember' | 'relationship' | 'otherRelationship'>): string {
  if (member.isMainMember) return 'Main';
  if (member.relationship === 'other' && member.otherRelationship) return member.otherRelationship;
  if (!member.relationship) return 'Family';
  return member.relationship.charAt(0).toUpperCase() + member.relationship.slice(1);
}

export function policyNumberText(member: Pick<MemberRow, 'policyNumber'>): string {
  return member.policyNumber ?? 'N/A';
}

export function identifierText(member: Pick<MemberRow, 'saId' | 'passportNumber'>): string {
  return member.saId ?? member.passportNumber ?? '—';
}

/** Active members get the success badge; any other status shows muted (spec §4). */
export function statusTone(status: string): BadgeTone {
  return status === 'active' ? 'success' : 'neutral';
}
