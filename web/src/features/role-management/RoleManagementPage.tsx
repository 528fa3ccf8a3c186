import { PagePlaceholder } from '../../app/PagePlaceholder';

export function RoleManagementPage() {
  return (
    <PagePlaceholder
      title="Role Management"
      summary="Your company's users and their roles, the permissions of each role and per-user permission overrides."
    />
  );
}
