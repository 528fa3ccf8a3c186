import { PagePlaceholder } from '../../app/PagePlaceholder';

export function ReportsPage() {
  return (
    <PagePlaceholder
      title="Reports"
      summary="Reports by type and status, with summary figures, a preview of the first rows and a CSV export."
    />
  );
}
