import type { ReactNode } from 'react';
import { useCan } from '../../app/permissions';
import { Link } from '../../ui/Link';

/**
 * A person's name wherever it appears (members, policies, claims, payments): a link to their page for
 * whoever may open it (members:read), plain text for the others. A deleted member (no id) stays text.
 */
export function MemberLink({ memberId, children }: { memberId: string | null | undefined; children: ReactNode }) {
  const canOpen = useCan('members:read');
  if (!memberId || !canOpen) return <>{children}</>;
  return <Link href={`/members/${memberId}`}>{children}</Link>;
}
