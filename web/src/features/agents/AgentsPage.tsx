import { PagePlaceholder } from '../../app/PagePlaceholder';

export function AgentsPage() {
  return (
    <PagePlaceholder
      title="Agent Management"
      summary="Your sales agents with their targets, commission rates and status, in a grid or a table, with CSV export."
    />
  );
}
