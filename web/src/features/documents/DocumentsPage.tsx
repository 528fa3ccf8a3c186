import { PagePlaceholder } from '../../app/PagePlaceholder';

export function DocumentsPage() {
  return (
    <PagePlaceholder
      title="Documents"
      summary="The documents uploaded with claims, searchable and filterable by category and status, to view and download."
    />
  );
}
