import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

// The audit contract (/work/contracts/audit.graphql): histories, time travel, company history,
// chain verification, compliance reports and POPIA requests. Every read here is itself recorded by
// the server, so nothing is fetched before the user asks for it.

export const AuditEntryFields = graphql(`
  fragment AuditEntryFields on AuditEntry @_unmask {
    position
    streamId
    version
    eventType
    title
    occurredAt
    actor {
      userId
      name
      role
    }
    note
    changes {
      field
      before
      after
    }
    entity
    entityId
  }
`);

export const HistoryQuery = graphql(
  `
    query AuditHistory($entity: AuditEntity!, $id: ID!, $companyId: ID) {
      history(entity: $entity, id: $id, companyId: $companyId) {
        entity
        id
        label
        entries {
          ...AuditEntryFields
        }
      }
    }
  `,
  [AuditEntryFields],
);

export const EntityAsOfQuery = graphql(`
  query EntityAsOf($entity: AuditEntity!, $id: ID!, $asOf: String!, $companyId: ID) {
    entityAsOf(entity: $entity, id: $id, asOf: $asOf, companyId: $companyId) {
      entity
      id
      asOf
      position
      occurredAt
      version
      exists
      state
      positions
      times
    }
  }
`);

export const CompanyHistoryQuery = graphql(
  `
    query CompanyHistory($type: String, $actorId: ID, $from: String, $to: String, $first: Int, $after: String, $companyId: ID) {
      companyHistory(type: $type, actorId: $actorId, from: $from, to: $to, first: $first, after: $after, companyId: $companyId) {
        edges {
          cursor
          node {
            ...AuditEntryFields
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
        totalCount
      }
    }
  `,
  [AuditEntryFields],
);

export const CompanyEventTypesQuery = graphql(`
  query CompanyEventTypes($companyId: ID) {
    companyEventTypes(companyId: $companyId)
  }
`);

export const VerifyEventChainsQuery = graphql(`
  query VerifyEventChains($companyId: ID) {
    verifyEventChains(companyId: $companyId) {
      ok
      streamsChecked
      eventsChecked
      firstBroken {
        streamId
        version
        globalPosition
        reason
      }
      checkedAt
      brokenCount
    }
  }
`);

const ActorFields = graphql(`
  fragment ReportActor on AuditActor @_unmask {
    userId
    name
    role
  }
`);

export const ComplianceReportsQuery = graphql(
  `
    query ComplianceReports($companyId: ID, $asOf: String, $from: String, $to: String) {
      complianceReports(companyId: $companyId) {
        claimsTurnaround {
          month
          claimsPaid
          medianDays
          p90Days
        }
        claimsDecisions {
          month
          decided
          decidedLate
          withClock
          medianBusinessHours
          p90BusinessHours
          rejected
          rejectionReasons {
            reason
            count
          }
        }
        claimsAgeing(asOf: $asOf) {
          bucket
          minDays
          maxDays
          count
          claimIds
        }
        lapseRatio {
          month
          activeAtStart
          lapsed
          ratio
        }
        policiesInWaitingPeriod(asOf: $asOf) {
          policyId
          policyNumber
          memberId
          memberName
          startDate
          waitingPeriodEnds
          daysRemaining
        }
        suspendedCompanies {
          companyId
          name
          suspendedAt
          reason
        }
        permissionChanges(from: $from, to: $to) {
          position
          occurredAt
          eventType
          title
          actor {
            ...ReportActor
          }
          targetUserId
          targetRole
          permission
          detail
        }
        personalDataRequests {
          position
          occurredAt
          kind
          subjectReference
          actor {
            ...ReportActor
          }
          reason
          outcome
        }
      }
    }
  `,
  [ActorFields],
);

export const DataSubjectExportQuery = graphql(`
  query DataSubjectExport($idNumber: String!, $companyId: ID) {
    dataSubjectExport(idNumber: $idNumber, companyId: $companyId) {
      idNumber
      subjectIds
      generatedAt
      json
    }
  }
`);

export const ErasePersonalDataMutation = graphql(`
  mutation ErasePersonalData($idNumber: String!, $reason: String!, $companyId: ID) {
    erasePersonalData(idNumber: $idNumber, reason: $reason, companyId: $companyId) {
      erased
      subjectIds
      eventsAffected
      erasedAt
      projectionsRebuilt
    }
  }
`);

export type AuditEntity = VariablesOf<typeof HistoryQuery>['entity'];
export type AuditEntry = ResultOf<typeof AuditEntryFields>;
export type AuditChange = AuditEntry['changes'][number];
export type AuditActor = AuditEntry['actor'];
export type AuditHistory = ResultOf<typeof HistoryQuery>['history'];
export type EntityAsOf = ResultOf<typeof EntityAsOfQuery>['entityAsOf'];
export type ChainVerification = ResultOf<typeof VerifyEventChainsQuery>['verifyEventChains'];
export type ComplianceReports = ResultOf<typeof ComplianceReportsQuery>['complianceReports'];
export type DataSubjectExport = ResultOf<typeof DataSubjectExportQuery>['dataSubjectExport'];
