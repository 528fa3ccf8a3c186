import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

/** A mandate as the dialog shows it: read and answered after a save alike. */
export const MandateFields = graphql(`
  fragment MandateFields on DebitMandate @_unmask {
    policyId
    accountHolder
    bank
    branchCode
    accountNumber
    accountType
    debitDay
    mandateReference
    debiCheck
    status
    suspended {
      unpaidCode
      reason
      on
    }
  }
`);

export const DebitMandateQuery = graphql(
  `
    query DebitMandate($policyId: ID!) {
      debitMandate(policyId: $policyId) {
        ...MandateFields
      }
    }
  `,
  [MandateFields],
);

export const SetDebitMandateMutation = graphql(
  `
    mutation SetDebitMandate($id: ID!, $input: SetDebitMandateInput!) {
      setDebitMandate(id: $id, input: $input) {
        ...MandateFields
      }
    }
  `,
  [MandateFields],
);

export const CollectionsOverviewQuery = graphql(`
  query CollectionsOverview {
    collectionsOverview {
      asOf
      upcoming {
        debitDate
        count
        amount
        batchId
      }
      months {
        month
        presented
        collected
        unpaid
        disputes
        collectionRate
        unpaidRate
        disputeRate
      }
      thisMonth {
        month
        presented
        collected
        unpaid
        disputes
        collectionRate
        unpaidRate
        disputeRate
      }
    }
  }
`);

export const BatchFields = graphql(`
  fragment BatchFields on CollectionBatch @_unmask {
    id
    debitDate
    createdOn
    generationNumber
    count
    total
    collected
    collectedTotal
    unpaid
    unpaidTotal
    disputes
    pending
  }
`);

export const CollectionBatchesQuery = graphql(
  `
    query CollectionBatches {
      collectionBatches {
        ...BatchFields
      }
    }
  `,
  [BatchFields],
);

export const CollectionBatchQuery = graphql(
  `
    query CollectionBatch($id: ID!) {
      collectionBatch(id: $id) {
        batch {
          ...BatchFields
        }
        items {
          policyId
          policyNumber
          mandateReference
          periods
          amount
          outcome
          outcomeOn
          unpaidCode
          unpaidMeaning
        }
      }
    }
  `,
  [BatchFields],
);

export const CreateCollectionBatchMutation = graphql(
  `
    mutation CreateCollectionBatch($input: CreateCollectionBatchInput!) {
      createCollectionBatch(input: $input) {
        ...BatchFields
      }
    }
  `,
  [BatchFields],
);

export const CollectionResultFilesQuery = graphql(`
  query CollectionResultFiles {
    collectionResultFiles {
      fileId
      fileName
      importedOn
      lines
      collected
      unpaid
      duplicates
      unmatched {
        line
        reference
        amount
        status
        unpaidCode
        date
        reason
      }
    }
  }
`);

export const CollectionWorkItemsQuery = graphql(`
  query CollectionWorkItems {
    collectionWorkItems {
      batchId
      policyId
      policyNumber
      kind
      unpaidCode
      raisedOn
    }
  }
`);

export const CollectionSettingsQuery = graphql(`
  query CollectionSettings {
    collectionSettings {
      includeArrears
      account {
        userCode
        abbreviatedName
        installationId
        branchCode
        accountNumber
        accountType
      }
    }
  }
`);

export const SetCollectionSettingsMutation = graphql(`
  mutation SetCollectionSettings($input: SetCollectionSettingsInput!) {
    setCollectionSettings(input: $input) {
      includeArrears
      account {
        userCode
        abbreviatedName
        installationId
        branchCode
        accountNumber
        accountType
      }
    }
  }
`);

export type DebitMandate = NonNullable<ResultOf<typeof DebitMandateQuery>['debitMandate']>;
export type SetDebitMandateInput = VariablesOf<typeof SetDebitMandateMutation>['input'];
export type CollectionsOverview = ResultOf<typeof CollectionsOverviewQuery>['collectionsOverview'];
export type CollectionMonth = CollectionsOverview['months'][number];
export type UpcomingDebit = CollectionsOverview['upcoming'][number];
export type CollectionBatch = ResultOf<typeof BatchFields>;
export type BatchDetail = ResultOf<typeof CollectionBatchQuery>['collectionBatch'];
export type BatchItem = BatchDetail['items'][number];
export type ResultFile = ResultOf<typeof CollectionResultFilesQuery>['collectionResultFiles'][number];
export type WorkItem = ResultOf<typeof CollectionWorkItemsQuery>['collectionWorkItems'][number];
export type CollectionSettings = ResultOf<typeof CollectionSettingsQuery>['collectionSettings'];
export type SetCollectionSettingsInput = VariablesOf<typeof SetCollectionSettingsMutation>['input'];

/**
 * What a collections change moves: a batch or result file changes the overview, the batches, the
 * statements and the arrears worklist; a mandate changes the upcoming debits.
 */
export const COLLECTIONS_CONTEXT = {
  additionalTypenames: [
    'CollectionsOverview',
    'CollectionBatch',
    'CollectionBatchDetail',
    'CollectionResultFile',
    'CollectionWorkItem',
    'CollectionSettings',
    'DebitMandate',
    'PolicyStatement',
    'ArrearsList',
  ],
};
