import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

export const PlatformCompanyFields = graphql(`
  fragment PlatformCompanyRow on PlatformCompany @_unmask {
    id
    name
    email
    cipNumber
    isActive
    suspensionReason
    createdAt
  }
`);

export const PlanFields = graphql(`
  fragment PlanFields on Plan @_unmask {
    id
    name
    tier
    memberLimit
    monthlyPrice
    features
    description
    sortOrder
    isActive
  }
`);

export const SystemSettingFields = graphql(`
  fragment SystemSettingRow on SystemSetting @_unmask {
    id
    key
    value
    description
    category
    updatedAt
  }
`);

export const PlatformStatsQuery = graphql(`
  query PlatformStats {
    platformStats {
      totalCompanies
      totalMembers
      totalRevenue
      activeClaims
      memberGrowthRate
      revenueGrowthRate
    }
  }
`);

export const PlatformCompaniesQuery = graphql(
  `
    query PlatformCompanies {
      platformCompanies {
        ...PlatformCompanyRow
      }
    }
  `,
  [PlatformCompanyFields],
);

export const PlatformSubscriptionsQuery = graphql(`
  query PlatformSubscriptions {
    platformSubscriptions {
      id
      company
      tier
      currentMemberCount
      memberLimit
      monthlyPrice
      isActive
      nextBillingDate
    }
  }
`);

export const PlansQuery = graphql(
  `
    query Plans {
      plans {
        ...PlanFields
      }
    }
  `,
  [PlanFields],
);

export const ComplianceLogsQuery = graphql(`
  query ComplianceLogs {
    complianceLogs {
      id
      companyName
      type
      severity
      title
      description
      resolvedAt
      resolutionNote
      resolvedBy
      createdAt
    }
  }
`);

/** Issue #25: the super admin resolves an open entry with a note. */
export const ResolveComplianceEntryMutation = graphql(`
  mutation ResolveComplianceEntry($id: ID!, $note: String!) {
    resolveComplianceEntry(id: $id, note: $note) {
      id
      resolvedAt
      resolutionNote
      resolvedBy
    }
  }
`);

export const SystemSettingsQuery = graphql(
  `
    query SystemSettings {
      systemSettings {
        ...SystemSettingRow
      }
    }
  `,
  [SystemSettingFields],
);

export const SuspendCompanyMutation = graphql(
  `
    mutation SuspendCompany($companyId: ID!, $reason: String!) {
      suspendCompany(companyId: $companyId, reason: $reason) {
        ...PlatformCompanyRow
      }
    }
  `,
  [PlatformCompanyFields],
);

export const ActivateCompanyMutation = graphql(
  `
    mutation ActivateCompany($companyId: ID!) {
      activateCompany(companyId: $companyId) {
        ...PlatformCompanyRow
      }
    }
  `,
  [PlatformCompanyFields],
);

export const SaveSystemSettingMutation = graphql(
  `
    mutation SaveSystemSetting($input: SystemSettingInput!) {
      saveSystemSetting(input: $input) {
        ...SystemSettingRow
      }
    }
  `,
  [SystemSettingFields],
);

export const CreatePlanMutation = graphql(
  `
    mutation CreatePlan($input: PlanInput!) {
      createPlan(input: $input) {
        ...PlanFields
      }
    }
  `,
  [PlanFields],
);

export const UpdatePlanMutation = graphql(
  `
    mutation UpdatePlan($id: ID!, $input: PlanInput!) {
      updatePlan(id: $id, input: $input) {
        ...PlanFields
      }
    }
  `,
  [PlanFields],
);

export const DeletePlanMutation = graphql(`
  mutation DeletePlan($id: ID!) {
    deletePlan(id: $id)
  }
`);

/** Issue #25: the super admin deletes a setting (it answers the id). */
export const DeleteSystemSettingMutation = graphql(`
  mutation DeleteSystemSetting($id: ID!) {
    deleteSystemSetting(id: $id)
  }
`);

export type PlatformCompany = ResultOf<typeof PlatformCompanyFields>;
export type Plan = ResultOf<typeof PlanFields>;
export type SystemSetting = ResultOf<typeof SystemSettingFields>;
export type PlatformSubscription = ResultOf<typeof PlatformSubscriptionsQuery>['platformSubscriptions'][number];
export type ComplianceLog = ResultOf<typeof ComplianceLogsQuery>['complianceLogs'][number];
export type PlatformStats = ResultOf<typeof PlatformStatsQuery>['platformStats'];
export type PlanInput = VariablesOf<typeof CreatePlanMutation>['input'];

/*
 * The document cache refetches a query when a mutation answers with a type it holds. A suspension
 * moves the companies, the subscriptions (Active/Inactive), the compliance log and the stats; a plan
 * change moves the plans and the subscriptions' prices; deletePlan answers an id only.
 */
export const COMPANY_CHANGE_CONTEXT = {
  additionalTypenames: ['PlatformCompany', 'PlatformSubscription', 'ComplianceLog', 'PlatformStats'],
};
export const PLAN_CHANGE_CONTEXT = { additionalTypenames: ['Plan', 'PlatformSubscription'] };
export const SETTING_CHANGE_CONTEXT = { additionalTypenames: ['SystemSetting'] };

/** Queries name the types they list, so an empty list is refetched too when one is added. */
export const COMPANIES_CONTEXT = { additionalTypenames: ['PlatformCompany'] };
export const SUBSCRIPTIONS_CONTEXT = { additionalTypenames: ['PlatformSubscription'] };
export const PLANS_CONTEXT = { additionalTypenames: ['Plan'] };
export const COMPLIANCE_CONTEXT = { additionalTypenames: ['ComplianceLog'] };
export const SETTINGS_CONTEXT = { additionalTypenames: ['SystemSetting'] };
export const STATS_CONTEXT = { additionalTypenames: ['PlatformStats'] };
