import { PagePlaceholder } from '../../app/PagePlaceholder';

export function SuperAdminPage() {
  return (
    <PagePlaceholder
      title="Super Admin Dashboard"
      summary="The platform view: all companies, their subscriptions, the plans, compliance logs and system settings."
    />
  );
}
