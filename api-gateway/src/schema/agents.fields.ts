import { builder, withoutNulls } from '../builder.ts';
import * as agents from '../operations/agents.ts';
import { PolicyStatusEnum } from './portfolio.ts';
import { ActivityType, AgentDashboardType, AgentStatusEnum, AgentType, NewSalesType, OnboardClientResultType } from './agents.ts';

const AgentInput = builder.inputType('AgentInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string({ required: true }),
    phone: t.string({ required: true }),
    agentId: t.string({ required: true, description: 'The agent code, unique per company.' }),
    commissionRate: t.float({ required: true }),
    salesTarget: t.float({ required: true }),
    idNumber: t.string(),
    supervisorName: t.string(),
    region: t.string(),
    notes: t.string(),
    username: t.string({ description: 'Create only: a login account with role agent (with password).' }),
    password: t.string({ description: 'Create only.' }),
  }),
});

const AgentUpdateInput = builder.inputType('AgentUpdateInput', {
  description: 'Every field optional: a field left out stays as it is; {status} alone toggles; a blank optional field is cleared.',
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    email: t.string(),
    phone: t.string(),
    agentId: t.string(),
    commissionRate: t.float(),
    salesTarget: t.float(),
    idNumber: t.string(),
    supervisorName: t.string(),
    region: t.string(),
    notes: t.string(),
    status: t.field({ type: AgentStatusEnum }),
  }),
});

const OnboardingFamilyMemberInput = builder.inputType('OnboardingFamilyMemberInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    idNumber: t.string({ required: true }),
    relationship: t.string({ required: true, description: 'spouse, child, parent, sibling or other.' }),
  }),
});

const OnboardClientInput = builder.inputType('OnboardClientInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string(),
    phone: t.string({ required: true }),
    idNumber: t.string({ required: true }),
    address: t.string({ required: true, description: 'Street number and street name combined.' }),
    city: t.string({ required: true }),
    province: t.string({ required: true }),
    postalCode: t.string({ required: true }),
    monthlyIncome: t.string({ description: 'Digits and a decimal point only.' }),
    employer: t.string(),
    policyType: t.id({ required: true, description: 'PolicyType.id' }),
    coverageAmount: t.string({ required: true, description: "Must be the chosen type's coverageAmount." }),
    beneficiaryName: t.string({ required: true }),
    beneficiaryRelation: t.string({ required: true }),
    beneficiaryContact: t.string({ required: true }),
    notes: t.string(),
    familyMembers: t.field({ type: [OnboardingFamilyMemberInput] }),
    agentId: t.id({
      description: "Ignored for a caller with an agent record (the sale is theirs); otherwise the agent who made the sale: Agent.id or the agent's userId.",
    }),
  }),
});

builder.queryFields((t) => ({
  agents: t.field({
    type: [AgentType],
    description: "The company's agents, newest first; an agent's session gets only its own record.",
    resolve: (_r, _a, ctx) => agents.agents(ctx),
  }),
  agent: t.field({
    type: AgentType,
    nullable: true,
    description: 'Null when there is no such agent or the caller may not see it.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => agents.agent(ctx, String(id)),
  }),
  activities: t.field({
    type: [ActivityType],
    description: "Newest first; an agent's session gets only its own.",
    args: { first: t.arg.int({ defaultValue: 100 }) },
    resolve: (_r, { first }, ctx) => agents.activities(ctx, first ?? undefined),
  }),
  agentDashboard: t.field({ type: AgentDashboardType, resolve: (_r, _a, ctx) => agents.agentDashboard(ctx) }),
  newSales: t.field({
    type: NewSalesType,
    description: "Policies written by agents whose member still exists; an agent's session gets only its own clients.",
    args: { search: t.arg.string(), status: t.arg({ type: PolicyStatusEnum }), agentId: t.arg.id() },
    resolve: (_r, { search, status, agentId }, ctx) => agents.newSales(ctx, { search, status, agentId: agentId == null ? null : String(agentId) }),
  }),
}));

builder.mutationFields((t) => ({
  registerAgent: t.field({
    type: AgentType,
    args: { input: t.arg({ type: AgentInput, required: true }) },
    resolve: (_r, { input }, ctx) => agents.registerAgent(ctx, withoutNulls(input)),
  }),
  updateAgent: t.field({
    type: AgentType,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: AgentUpdateInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => agents.updateAgent(ctx, String(id), withoutNulls(input)),
  }),
  onboardClient: t.field({
    type: OnboardClientResultType,
    description: 'The client, its family members and an active policy written by the agent, in one atomic step.',
    args: { input: t.arg({ type: OnboardClientInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      agents.onboardClient(ctx, { ...withoutNulls(input), familyMembers: input.familyMembers ?? [] }),
  }),
}));
