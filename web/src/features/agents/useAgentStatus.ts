import { useState } from 'react';
import { useClient } from 'urql';
import { serverMessageOr } from '../../app/errors';
import { useToast } from '../../app/toast';
import { AGENT_STATUS_LABELS, agentName } from './agentFigures';
import { AGENTS_CONTEXT, UpdateAgentMutation, type Agent, type AgentStatus } from './agents.operations';

/**
 * Activate / deactivate, singly or in bulk: one updateAgent({status}) per agent (spec part 2 §4),
 * sent together; the toast says how many changed and names the first refusal, if any.
 */
export function useAgentStatus() {
  const client = useClient();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);

  const setStatus = async (agents: readonly Agent[], status: AgentStatus): Promise<boolean> => {
    const changing = agents.filter((agent) => agent.status !== status);
    if (changing.length === 0) return true;
    setPending(true);
    try {
      const results = await Promise.all(
        changing.map((agent) => client.mutation(UpdateAgentMutation, { id: agent.id, input: { status } }, AGENTS_CONTEXT).toPromise()),
      );
      const failed = results.filter((result) => result.error);
      const done = results.length - failed.length;
      const label = AGENT_STATUS_LABELS[status];
      if (failed.length > 0) {
        toast({
          title: 'Error',
          description: `${serverMessageOr(failed[0]!.error!, 'Failed to update agent')}${done > 0 ? ` (${done} of ${results.length} updated)` : ''}`,
          variant: 'destructive',
        });
        return false;
      }
      toast({
        title: 'Agent status updated',
        description: changing.length === 1 ? `${agentName(changing[0]!)} is now ${label}.` : `${changing.length} agents are now ${label}.`,
      });
      return true;
    } finally {
      setPending(false);
    }
  };

  return { setStatus, pending };
}
