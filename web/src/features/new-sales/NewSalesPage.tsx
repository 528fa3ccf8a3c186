import { PagePlaceholder } from '../../app/PagePlaceholder';

export function NewSalesPage() {
  return (
    <PagePlaceholder
      title="New Sales"
      summary="The policies sold by your agents, with totals, filters and a CSV export."
    />
  );
}
