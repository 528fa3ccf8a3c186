import { PagePlaceholder } from '../../app/PagePlaceholder';

export function MembersPage() {
  return (
    <PagePlaceholder
      title="Members"
      summary="Your members: search by name, SA ID, passport or email, add principal and family members, edit, delete and bulk-upload them from CSV."
    />
  );
}
