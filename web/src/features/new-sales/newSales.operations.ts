import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

export const SaleRowFields = graphql(`
  fragment SaleRow on Sale @_unmask {
    policyId
    policyNumber
    memberId
    clientName
    phone
    policyTypeId
    policyTypeName
    coverageAmount
    monthlyPremium
    agentId
    agentName
    status
    createdAt
  }
`);

/** Policies written by agents, filtered on the server, with the figures of the listed sales. */
export const NewSalesQuery = graphql(
  `
    query NewSales($search: String, $status: PolicyStatus, $agentId: ID) {
      newSales(search: $search, status: $status, agentId: $agentId) {
        sales {
          ...SaleRow
        }
        totalSales
        monthlyRevenue
        activePolicies
      }
    }
  `,
  [SaleRowFields],
);

/**
 * The agents that have sales, for the agent filter: read from the unfiltered sales, since staff who
 * may see sales need not be allowed to read the agents themselves.
 */
export const NewSalesAgentsQuery = graphql(`
  query NewSalesAgents {
    newSales {
      sales {
        policyId
        agentId
        agentName
      }
    }
  }
`);

export type Sale = ResultOf<typeof SaleRowFields>;
export type NewSalesFilter = VariablesOf<typeof NewSalesQuery>;

/** Sales change with onboarding and with a policy's status; an empty answer holds no Sale. */
export const NEW_SALES_CONTEXT = { additionalTypenames: ['Sale', 'Policy', 'OnboardClientResult', 'Agent'] };
