import type { SqlExecutor } from '../event-store/sql.ts';
import { DomainError } from '../errors.ts';
import { release, reservationHolder, reserve } from '../identity/credentials.ts';

export const AGENT_CODE_TAKEN = 'An agent with this Agent ID already exists';

const codeScope = (companyId: string) => `agent-code:${companyId}`;
const userScope = (companyId: string) => `agent-user:${companyId}`;

/** Codes are compared without case or surrounding spaces: 'ag-001' and 'AG-001 ' are one code. */
export const agentCodeKey = (code: string) => code.trim().toUpperCase();

function codeTaken(): DomainError {
  return new DomainError('ALREADY_EXISTS', AGENT_CODE_TAKEN, [{ path: ['agentId'], message: AGENT_CODE_TAKEN }]);
}

/** One Agent ID, one agent, within a company: claimed in the append transaction. */
export async function reserveAgentCode(tx: SqlExecutor, companyId: string, code: string, agentId: string) {
  await reserve(tx, { scope: codeScope(companyId), key: agentCodeKey(code), ownerId: agentId }, codeTaken());
}

/** A changed code: the new one is claimed first (a taken one refuses the edit), then the old one freed. */
export async function moveAgentCode(tx: SqlExecutor, companyId: string, from: string, to: string, agentId: string) {
  if (agentCodeKey(from) === agentCodeKey(to)) return;
  await reserveAgentCode(tx, companyId, to, agentId);
  await release(tx, { scope: codeScope(companyId), key: agentCodeKey(from), ownerId: agentId });
}

/** The login account of an agent: one account, one agent record (the link sessions are scoped by). */
export async function linkAgentUser(tx: SqlExecutor, companyId: string, userId: string, agentId: string) {
  await reserve(
    tx,
    { scope: userScope(companyId), key: userId, ownerId: agentId },
    new DomainError('ALREADY_EXISTS', 'This login account already belongs to another agent.'),
  );
}

/** The agent record linked to a user of the company (the write side's own answer), or null. */
export async function findAgentIdByUser(sql: SqlExecutor, companyId: string, userId: string): Promise<string | null> {
  return reservationHolder(sql, userScope(companyId), userId);
}
