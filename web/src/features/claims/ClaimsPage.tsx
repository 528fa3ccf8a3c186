import { PagePlaceholder } from '../../app/PagePlaceholder';

export function ClaimsPage() {
  return (
    <PagePlaceholder
      title="Claims Management"
      summary="Death claims with their supporting documents, from submission through review and approval to payment."
    />
  );
}
