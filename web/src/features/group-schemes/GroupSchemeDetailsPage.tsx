import { PagePlaceholder } from '../../app/PagePlaceholder';

export function GroupSchemeDetailsPage() {
  return (
    <PagePlaceholder
      title="Group Scheme"
      summary="One scheme's information and members, with editing, adding members and removing them."
    />
  );
}
