import { builder, withoutNulls } from '../builder.ts';
import * as portfolio from '../operations/portfolio.ts';
import {
  CanAddMember,
  DashboardStats,
  IdentifierTypeEnum,
  MemberConnection,
  MemberType,
  PolicyConnection,
  PolicyCounts,
  PolicyStatusEnum,
  PolicyType,
  PolicyTypeType,
  RelationshipEnum,
} from './portfolio.ts';

const RegisterMemberInput = builder.inputType('RegisterMemberInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    identifierType: t.field({ type: IdentifierTypeEnum }),
    saId: t.string(),
    passportNumber: t.string(),
    nationality: t.string(),
    email: t.string(),
    phone: t.string(),
    address: t.string(),
    city: t.string(),
    province: t.string(),
    postalCode: t.string(),
    dateOfBirth: t.string(),
    isMainMember: t.boolean({ required: true }),
    mainMemberId: t.id(),
    relationship: t.field({ type: RelationshipEnum }),
    otherRelationship: t.string(),
    policyTypeId: t.id(),
  }),
});

const UpdateMemberInput = builder.inputType('UpdateMemberInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string(),
    phone: t.string({ required: true }),
    address: t.string({ required: true }),
    city: t.string({ required: true }),
    province: t.string({ required: true }),
    postalCode: t.string({ required: true }),
    dateOfBirth: t.string(),
  }),
});

const PolicyTypeInput = builder.inputType('PolicyTypeInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    coverageAmount: t.string({ required: true }),
    monthlyPremium: t.string({ required: true }),
    waitingPeriod: t.int({ required: true }),
    isActive: t.boolean(),
  }),
});

const CSV_COLUMNS = [
  'firstName', 'lastName', 'identifierType', 'saId', 'passportNumber', 'nationality', 'email', 'phone', 'address',
  'city', 'province', 'postalCode', 'dateOfBirth', 'isMainMember', 'mainMemberIdentifier', 'relationship', 'policyTypeId',
] as const;

const MemberCsvRowInput = builder.inputType('MemberCsvRowInput', {
  description: 'One CSV row as read from the file: every column a string.',
  fields: (t) => Object.fromEntries(CSV_COLUMNS.map((column) => [column, t.string()])) as Record<(typeof CSV_COLUMNS)[number], ReturnType<typeof t.string>>,
});

const ImportMembersInput = builder.inputType('ImportMembersInput', {
  fields: (t) => ({
    importId: t.id({ required: true, description: 'One id per upload; with chunkIndex it makes a retried chunk import once.' }),
    chunkIndex: t.int({ required: true }),
    firstRowNumber: t.int({ required: true, description: 'CSV row number (index + 2) of rows[0].' }),
    rows: t.field({ type: [MemberCsvRowInput], required: true }),
  }),
});

const ImportRowFailure = builder.objectRef<{ rowNumber: number; errors: string[] }>('ImportRowFailure').implement({
  fields: (t) => ({ rowNumber: t.exposeInt('rowNumber'), errors: t.exposeStringList('errors') }),
});

const ImportMembersResult = builder
  .objectRef<{ imported: number; failed: { rowNumber: number; errors: string[] }[]; skippedForLimit: number }>('ImportMembersResult')
  .implement({
    fields: (t) => ({
      imported: t.exposeInt('imported'),
      failed: t.field({ type: [ImportRowFailure], resolve: (r) => r.failed }),
      skippedForLimit: t.exposeInt('skippedForLimit', { description: 'Rows not imported because the member limit was reached (also in failed).' }),
    }),
  });

builder.queryFields((t) => ({
  policyTypes: t.field({ type: [PolicyTypeType], resolve: (_r, _a, ctx) => portfolio.policyTypes(ctx) }),
  members: t.field({
    type: MemberConnection,
    args: { search: t.arg.string(), mainOnly: t.arg.boolean(), first: t.arg.int({ defaultValue: 50 }), after: t.arg.string() },
    resolve: (_r, args, ctx) => portfolio.members(ctx, withoutNulls(args)),
  }),
  member: t.field({ type: MemberType, nullable: true, args: { id: t.arg.id({ required: true }) }, resolve: (_r, { id }, ctx) => portfolio.member(ctx, String(id)) }),
  policies: t.field({
    type: PolicyConnection,
    args: { search: t.arg.string(), status: t.arg({ type: PolicyStatusEnum }), first: t.arg.int({ defaultValue: 50 }), after: t.arg.string() },
    resolve: (_r, args, ctx) => portfolio.policies(ctx, withoutNulls(args)),
  }),
  policyCounts: t.field({ type: PolicyCounts, args: { search: t.arg.string() }, resolve: (_r, { search }, ctx) => portfolio.policyCounts(ctx, search ?? undefined) }),
  dashboardStats: t.field({ type: DashboardStats, resolve: (_r, _a, ctx) => portfolio.dashboardStats(ctx) }),
  canAddMember: t.field({ type: CanAddMember, resolve: (_r, _a, ctx) => portfolio.canAddMember(ctx) }),
}));

builder.mutationFields((t) => ({
  createPolicyType: t.field({
    type: PolicyTypeType,
    args: { input: t.arg({ type: PolicyTypeInput, required: true }) },
    resolve: (_r, { input }, ctx) => portfolio.createPolicyType(ctx, withoutNulls(input)),
  }),
  updatePolicyType: t.field({
    type: PolicyTypeType,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: PolicyTypeInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => portfolio.updatePolicyType(ctx, String(id), withoutNulls(input)),
  }),
  registerMember: t.field({
    type: MemberType,
    args: { input: t.arg({ type: RegisterMemberInput, required: true }) },
    resolve: (_r, { input }, ctx) => portfolio.registerMember(ctx, withoutNulls(input)),
  }),
  updateMember: t.field({
    type: MemberType,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateMemberInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => portfolio.updateMember(ctx, String(id), withoutNulls(input)),
  }),
  deleteMember: t.boolean({ args: { id: t.arg.id({ required: true }) }, resolve: async (_r, { id }, ctx) => (await portfolio.deleteMember(ctx, String(id))).ok }),
  changePolicyStatus: t.field({
    type: PolicyType,
    args: { id: t.arg.id({ required: true }), status: t.arg({ type: PolicyStatusEnum, required: true }) },
    resolve: (_r, { id, status }, ctx) => portfolio.changePolicyStatus(ctx, String(id), { status }),
  }),
  importMembers: t.field({
    type: ImportMembersResult,
    description: 'One chunk (up to 1,000 rows; the web sends 500) of a CSV member import.',
    args: { input: t.arg({ type: ImportMembersInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      portfolio.importMembers(ctx, { ...input, importId: String(input.importId), rows: input.rows.map((row) => withoutNulls(row)) }),
  }),
}));
