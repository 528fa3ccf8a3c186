import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

export const StatementColumnsFields = graphql(`
  fragment StatementColumnsFields on StatementColumns @_unmask {
    date
    description
    reference
    amount
    credit
    debit
    dateFormat
  }
`);

export const StatementColumnsQuery = graphql(
  `
    query StatementColumns {
      statementColumns {
        ...StatementColumnsFields
      }
    }
  `,
  [StatementColumnsFields],
);

export const SetStatementColumnsMutation = graphql(
  `
    mutation SetStatementColumns($input: SetStatementColumnsInput!) {
      setStatementColumns(input: $input) {
        ...StatementColumnsFields
      }
    }
  `,
  [StatementColumnsFields],
);

export const BankStatementsQuery = graphql(`
  query BankStatements {
    bankStatements {
      statementId
      fileName
      format
      importedOn
      credits
      matched
      unmatched
      duplicates
      debitsIgnored
    }
  }
`);

export const StatementLineFields = graphql(`
  fragment StatementLineFields on StatementLine @_unmask {
    statementId
    line
    date
    description
    reference
    amount
    state
    suggestions {
      policyId
      policyNumber
      reason
    }
  }
`);

export const CollectionUnmatchedQuery = graphql(
  `
    query CollectionUnmatched {
      collectionUnmatched {
        ...StatementLineFields
      }
    }
  `,
  [StatementLineFields],
);

export const AssignStatementLineMutation = graphql(
  `
    mutation AssignStatementLine($id: ID!, $input: AssignStatementLineInput!) {
      assignStatementLine(id: $id, input: $input) {
        ...StatementLineFields
      }
    }
  `,
  [StatementLineFields],
);

export const DismissStatementLineMutation = graphql(
  `
    mutation DismissStatementLine($id: ID!, $input: DismissStatementLineInput!) {
      dismissStatementLine(id: $id, input: $input) {
        ...StatementLineFields
      }
    }
  `,
  [StatementLineFields],
);

export type StatementColumns = ResultOf<typeof StatementColumnsFields>;
export type SetStatementColumnsInput = VariablesOf<typeof SetStatementColumnsMutation>['input'];
export type BankStatement = ResultOf<typeof BankStatementsQuery>['bankStatements'][number];
export type UnmatchedLine = ResultOf<typeof StatementLineFields>;
export type LineSuggestion = UnmatchedLine['suggestions'][number];

/**
 * What a statement decision moves: the queue and the statements, and (a credit put on a policy is a
 * payment) the policy statements, the arrears worklist and the payments list. An empty queue has no
 * StatementLine in its answer, so the typenames are named here for urql's cache to refetch it.
 */
export const STATEMENT_CONTEXT = {
  additionalTypenames: ['StatementLine', 'BankStatement', 'StatementColumns', 'PolicyStatement', 'ArrearsList', 'Payment'],
};
