import type { PiiMarking } from '../event-store/types.ts';
import { memberSubjectId } from '../members/members.events.ts';
import type { AgentStatus, BeneficiaryRelation } from '../validation/index.ts';

/**
 * A sales agent's record as the add and edit dialogs write it. `agentCode` is what the screens call
 * the Agent ID (unique per company); `agentId` is the record's own id, the one policies carry.
 * Rates are percent (7.5), targets rand per month.
 */
export type AgentDetails = {
  agentCode: string;
  firstName: string;
  lastName: string;
  idNumber: string | null;
  email: string;
  phone: string;
  supervisorName: string | null;
  region: string | null;
  commissionRate: number;
  salesTarget: number;
  notes: string | null;
};

/** A new agent, active; userId is the login account created with it (role agent), when one was. */
export type AgentRegistered = {
  type: 'AgentRegistered';
  data: AgentDetails & { agentId: string; companyId: string; userId: string | null; status: AgentStatus };
};

/** The whole set of details after an edit (a changed rate applies to payments recorded from now on). */
export type AgentUpdated = { type: 'AgentUpdated'; data: AgentDetails & { agentId: string; companyId: string } };

export type AgentStatusChanged = {
  type: 'AgentStatusChanged';
  data: { agentId: string; companyId: string; from: AgentStatus; to: AgentStatus };
};

/**
 * On the agent's stream, in the same append as the client's member records and policy: the sale,
 * with what the onboarding wizard asks beyond the member and the policy (beneficiary, income,
 * employer, notes). The client's details here are personal data of the member (sealed with the
 * member's key, so erasing the member erases them here too).
 */
export type ClientOnboarded = {
  type: 'ClientOnboarded';
  data: {
    agentId: string;
    companyId: string;
    memberId: string;
    familyMemberIds: string[];
    policyId: string;
    policyNumber: string;
    policyTypeId: string;
    coverageAmount: string;
    monthlyPremium: string;
    clientName: string;
    beneficiaryName: string;
    beneficiaryRelation: BeneficiaryRelation;
    beneficiaryContact: string;
    monthlyIncome: string | null;
    employer: string | null;
    notes: string | null;
  };
};

export type AgentEvent = AgentRegistered | AgentUpdated | AgentStatusChanged | ClientOnboarded;

export const agentStreamId = (agentId: string) => `agent-${agentId}`;
export const agentSubjectId = (agentId: string) => `agent:${agentId}`;

const AGENT_PERSONAL = ['firstName', 'lastName', 'idNumber', 'email', 'phone'];
const CLIENT_PERSONAL = [
  'clientName',
  'beneficiaryName',
  'beneficiaryRelation',
  'beneficiaryContact',
  'monthlyIncome',
  'employer',
  'notes',
];

export function agentPii(event: AgentEvent): PiiMarking[] | undefined {
  switch (event.type) {
    case 'AgentRegistered':
    case 'AgentUpdated':
      return [{ subjectId: agentSubjectId(event.data.agentId), fields: AGENT_PERSONAL }];
    case 'ClientOnboarded':
      return [{ subjectId: memberSubjectId(event.data.memberId), fields: CLIENT_PERSONAL }];
    case 'AgentStatusChanged':
      return undefined;
  }
}
