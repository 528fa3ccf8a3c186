import type { EventStore, StreamAppend } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { idFromStream, toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { prepareCompanyUser } from '../../users/commands/create-user.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { agentSchema, type AgentInput } from '../../validation/index.ts';
import { agentPii, agentStreamId, type AgentDetails, type AgentEvent } from '../agents.events.ts';
import { linkAgentUser, reserveAgentCode } from '../agent-links.ts';

/**
 * POST /api/agents. With a username and password, the agent's login account (role agent) is created
 * in the same append: a taken Agent ID or username refuses both, and nothing is left behind.
 */
export async function registerAgent(store: EventStore, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const agent = parseInput(agentSchema, input);
  const agentId = ctx.newId();
  const login =
    agent.username && agent.password
      ? await prepareCompanyUser(
          {
            username: agent.username,
            password: agent.password,
            email: agent.email,
            firstName: agent.firstName,
            lastName: agent.lastName,
            role: 'agent',
            phone: agent.phone,
          },
          ctx,
        )
      : null;
  const events = decideRegisterAgent({ agentId, companyId, input: agent, userId: login?.userId ?? null });
  const streams: StreamAppend[] = [
    { streamId: agentStreamId(agentId), expectedVersion: 'no_stream', events: events.map((e) => toNewEvent(e, agentPii)) },
  ];
  if (login) streams.push(login.stream);
  const append = await store.append(
    streams,
    appendOptions(ctx, async (tx) => {
      await reserveAgentCode(tx, companyId, agent.agentId, agentId);
      if (login) {
        await login.inTransaction(tx);
        await linkAgentUser(tx, companyId, login.userId, agentId);
      }
    }),
  );
  // A retried command id answers with the first attempt's agent.
  return { agentId: idFromStream(append.streams, agentStreamId('')), append };
}

export type RegisterAgent = { agentId: string; companyId: string; input: AgentInput; userId: string | null };

function detailsOf(input: AgentInput): AgentDetails {
  return {
    agentCode: input.agentId,
    firstName: input.firstName,
    lastName: input.lastName,
    idNumber: input.idNumber ?? null,
    email: input.email,
    phone: input.phone,
    supervisorName: input.supervisorName ?? null,
    region: input.region ?? null,
    commissionRate: input.commissionRate,
    salesTarget: input.salesTarget,
    notes: input.notes ?? null,
  };
}

/** A new agent starts active. Whether the code and the username are free is decided in the append. */
export function decideRegisterAgent(command: RegisterAgent): AgentEvent[] {
  return [
    {
      type: 'AgentRegistered',
      data: {
        agentId: command.agentId,
        companyId: command.companyId,
        userId: command.userId,
        status: 'active',
        ...detailsOf(command.input),
      },
    },
  ];
}

export const registerAgentSlice = commandSlice({
  name: 'registerAgent',
  operation: 'agents:create',
  input: () => agentSchema,
  handle: ({ store }, { input }, ctx) => registerAgent(store, input, ctx),
});
