import { PagePlaceholder } from '../../app/PagePlaceholder';

export function PoliciesPage() {
  return (
    <PagePlaceholder
      title="Policies"
      summary="Every policy with its member, type, premium, cover and status, with search, a status filter and status changes."
    />
  );
}
