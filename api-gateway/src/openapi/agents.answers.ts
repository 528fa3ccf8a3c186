import { z } from 'zod';
import type { ActivityRow, AgentRow, NewSales } from '@fpa/projections';
import { AGENT_STATUSES, POLICY_STATUSES } from '@fpa/write-model/validation';
import { id, instant, money, named, rowOf, type AnswerMap } from './shapes.ts';

const metrics = {
  clientsOnboarded: z.int(),
  policiesSold: z.int(),
  salesThisMonth: money,
  totalCommissions: money,
  commissionThisMonth: money,
};

const agent = named(
  'Agent',
  rowOf<AgentRow>()(
    z.strictObject({
      ...metrics,
      id,
      userId: z.string().nullable(),
      agentId: z.string().meta({ description: 'The agent code the screens call Agent ID' }),
      firstName: z.string(),
      lastName: z.string(),
      idNumber: z.string().nullable(),
      email: z.string(),
      phone: z.string(),
      supervisorName: z.string().nullable(),
      region: z.string().nullable(),
      commissionRate: z.number().meta({ description: 'Percent' }),
      salesTarget: z.number(),
      notes: z.string().nullable(),
      status: z.enum(AGENT_STATUSES),
      createdAt: instant,
    }),
  ),
);

const agentMetrics = z.strictObject({ id, userId: z.string().nullable(), agentId: z.string(), salesTarget: z.number(), ...metrics });

const activity = rowOf<ActivityRow>()(
  z.strictObject({ id, userId: id, agentId: z.string().nullable(), type: z.string(), description: z.string(), createdAt: instant }),
);

const newSales = rowOf<NewSales>()(
  z.strictObject({
    sales: z.array(
      z.strictObject({
        policyId: id,
        policyNumber: z.string(),
        memberId: id,
        clientName: z.string(),
        phone: z.string().nullable(),
        policyTypeId: id,
        policyTypeName: z.string(),
        coverageAmount: money,
        monthlyPremium: money,
        agentId: z.string(),
        agentName: z.string(),
        status: z.enum(POLICY_STATUSES),
        createdAt: instant,
        beneficiaryName: z.string().nullable(),
        beneficiaryRelation: z.string().nullable(),
        beneficiaryContact: z.string().nullable(),
        monthlyIncome: z.string().nullable(),
        employer: z.string().nullable(),
        notes: z.string().nullable(),
      }),
    ),
    totalSales: z.int(),
    monthlyRevenue: money,
    activePolicies: z.int(),
  }),
);

const dashboard = z.strictObject({
  // A union, not .nullable(): zod-to-openapi writes a nullable $ref as an allOf no null can satisfy.
  agent: z.union([agent, z.null()]).meta({ description: 'Null for a caller without an agent record (the company’s agents together)' }),
  salesTarget: z.number(),
  clientsOnboarded: z.int(),
  totalCommissions: money,
  commissionRate: z.number(),
  commissionThisMonth: money,
});

/** Spec part 2 §7 Agents and "Documents, onboarding, sales", part 1 §7 agent dashboard. */
export const agentsAnswers: AnswerMap = {
  'GET /api/agents': { summary: 'The company’s agents with their figures', answer: z.array(agent) },
  'GET /api/agents/metrics': { summary: 'Each agent’s sales and commission figures', answer: z.array(agentMetrics) },
  'GET /api/agents/:id': { summary: 'An agent', answer: agent },
  'POST /api/agents': { summary: 'Register an agent', answer: agent },
  'PATCH /api/agents/:id': { summary: 'Update an agent (or change its status)', answer: agent },
  'GET /api/activities': { summary: 'Recent agent activities, newest first', answer: z.array(activity) },
  'GET /api/agent/dashboard': { summary: 'The signed-in agent’s dashboard cards', answer: dashboard },
  'POST /api/client-onboarding': {
    summary: 'Onboard a client: member, policy and family in one step',
    answer: z.strictObject({ memberId: id, policyId: id, policyNumber: z.string(), familyMembersAdded: z.int(), agentId: z.string() }),
  },
  'GET /api/new-sales': { summary: 'Policies written by agents, with totals', answer: newSales },
};
