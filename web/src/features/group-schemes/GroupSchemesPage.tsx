import { PagePlaceholder } from '../../app/PagePlaceholder';

export function GroupSchemesPage() {
  return (
    <PagePlaceholder
      title="Group Schemes"
      summary="Group schemes with their main members and nested family members, and the way into each scheme's details."
    />
  );
}
