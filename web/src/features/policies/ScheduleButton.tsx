import { useState } from 'react';
import { downloadFrom } from '../../app/fileDownload';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';

/** The policy schedule as a PDF (issue #23: GET /api/policies/{id}/schedule.pdf), downloaded with the session. */
export function ScheduleButton({ policyId, policyNumber, compact = false }: { policyId: string; policyNumber: string; compact?: boolean }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFrom(`/api/policies/${encodeURIComponent(policyId)}/schedule.pdf`, `schedule-${policyNumber}.pdf`);
    } catch (error) {
      toast({
        title: 'The schedule could not be made',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size={compact ? 'icon' : 'sm'}
      aria-label={`Schedule of policy ${policyNumber} (PDF)`}
      isDisabled={busy}
      onPress={() => void download()}
    >
      <Icon name="download" size={16} />
      {!compact && (busy ? 'Making...' : 'Schedule')}
    </Button>
  );
}
