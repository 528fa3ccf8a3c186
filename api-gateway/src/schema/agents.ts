import { enumType } from '../commands/graphql-input.ts';
import type { ActivityRow, AgentRow, NewSales, SaleRow } from '@fpa/projections';
import { AGENT_STATUSES } from '@fpa/write-model/validation';
import { builder } from '../builder.ts';
import type { AgentDashboard } from '../queries/agents.ts';
import { PolicyStatusEnum } from './portfolio.ts';

/** POST /api/client-onboarding's answer: the client, its policy and the agent credited with the sale. */
export type OnboardClientAnswer = { memberId: string; policyId: string; policyNumber: string; familyMembersAdded: number; agentId: string };

export const AgentStatusEnum = enumType('AgentStatus', {
  values: AGENT_STATUSES,
  description: 'Activate/deactivate toggles active ⇄ inactive.',
});

export const AgentType = builder.objectRef<AgentRow>('Agent').implement({
  description: 'A sales agent with the figures of its dashboard card.',
  fields: (t) => ({
    id: t.exposeID('id'),
    userId: t.exposeID('userId', { nullable: true, description: 'The linked login account, when one was created.' }),
    agentId: t.exposeString('agentId', { description: 'The agent code, unique per company.' }),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    idNumber: t.exposeString('idNumber', { nullable: true }),
    email: t.exposeString('email'),
    phone: t.exposeString('phone'),
    supervisorName: t.exposeString('supervisorName', { nullable: true }),
    region: t.exposeString('region', { nullable: true }),
    commissionRate: t.exposeFloat('commissionRate', { description: 'Percent, e.g. 7.5.' }),
    salesTarget: t.exposeFloat('salesTarget', { description: 'Rand per month.' }),
    notes: t.exposeString('notes', { nullable: true }),
    status: t.field({ type: AgentStatusEnum, resolve: (a) => a.status }),
    createdAt: t.string({ resolve: (a) => a.createdAt.toISOString() }),
    clientsOnboarded: t.exposeInt('clientsOnboarded', { description: 'member_onboarded activities of this agent.' }),
    salesThisMonth: t.exposeString('salesThisMonth', { description: 'Monthly premiums of the policies written this calendar month.' }),
    policiesSold: t.exposeInt('policiesSold'),
    totalCommissions: t.exposeString('totalCommissions', {
      description: 'commissionRate % of each completed premium payment of its policies.',
    }),
    commissionThisMonth: t.exposeString('commissionThisMonth', { description: 'The same, for payments dated this calendar month.' }),
  }),
});

export const ActivityType = builder.objectRef<ActivityRow>('Activity').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    userId: t.exposeID('userId'),
    agentId: t.exposeID('agentId', { nullable: true, description: 'Agent.id' }),
    type: t.exposeString('type', { description: "'member_onboarded'" }),
    description: t.exposeString('description'),
    createdAt: t.string({ resolve: (a) => a.createdAt.toISOString() }),
  }),
});

export const AgentDashboardType = builder.objectRef<AgentDashboard>('AgentDashboard').implement({
  description: "The signed-in agent's cards; a caller without an agent record sees the company's agents together.",
  fields: (t) => ({
    agent: t.field({
      type: AgentType,
      nullable: true,
      description: 'Null when the signed-in user has no agent record.',
      resolve: (d) => d.agent,
    }),
    salesTarget: t.exposeFloat('salesTarget'),
    clientsOnboarded: t.exposeInt('clientsOnboarded'),
    totalCommissions: t.exposeString('totalCommissions'),
    commissionRate: t.exposeFloat('commissionRate'),
    commissionThisMonth: t.exposeString('commissionThisMonth'),
  }),
});

export const OnboardClientResultType = builder.objectRef<OnboardClientAnswer>('OnboardClientResult').implement({
  fields: (t) => ({
    memberId: t.exposeID('memberId'),
    policyId: t.exposeID('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    familyMembersAdded: t.exposeInt('familyMembersAdded'),
    agentId: t.exposeID('agentId', { description: 'Agent.id of the agent credited with the sale.' }),
  }),
});

export const SaleType = builder.objectRef<SaleRow>('Sale').implement({
  description: 'A policy written by an agent whose member still exists (spec part 2 §3, §9).',
  fields: (t) => ({
    policyId: t.exposeID('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    memberId: t.exposeID('memberId'),
    clientName: t.exposeString('clientName'),
    phone: t.exposeString('phone', { nullable: true }),
    policyTypeId: t.exposeID('policyTypeId'),
    policyTypeName: t.exposeString('policyTypeName'),
    coverageAmount: t.exposeString('coverageAmount'),
    monthlyPremium: t.exposeString('monthlyPremium'),
    agentId: t.exposeID('agentId', { description: 'Agent.id' }),
    agentName: t.exposeString('agentName'),
    status: t.field({ type: PolicyStatusEnum, resolve: (s) => s.status }),
    createdAt: t.string({ resolve: (s) => s.createdAt.toISOString() }),
    beneficiaryName: t.exposeString('beneficiaryName', { nullable: true, description: 'From the onboarding wizard.' }),
    beneficiaryRelation: t.exposeString('beneficiaryRelation', { nullable: true }),
    beneficiaryContact: t.exposeString('beneficiaryContact', { nullable: true }),
    monthlyIncome: t.exposeString('monthlyIncome', { nullable: true }),
    employer: t.exposeString('employer', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
  }),
});

export const NewSalesType = builder.objectRef<NewSales>('NewSales').implement({
  fields: (t) => ({
    sales: t.field({ type: [SaleType], resolve: (n) => n.sales }),
    totalSales: t.exposeInt('totalSales'),
    monthlyRevenue: t.exposeString('monthlyRevenue', { description: 'Sum of the monthly premiums of the listed sales.' }),
    activePolicies: t.exposeInt('activePolicies'),
  }),
});
