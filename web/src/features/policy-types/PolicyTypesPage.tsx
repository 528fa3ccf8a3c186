import { PagePlaceholder } from '../../app/PagePlaceholder';

export function PolicyTypesPage() {
  return (
    <PagePlaceholder
      title="Policy Types"
      summary="The cover your company sells: each policy type with its coverage, monthly premium, waiting period and whether it is active."
    />
  );
}
