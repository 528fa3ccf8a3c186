import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

export const DocumentFields = graphql(`
  fragment DocumentFields on Document @_unmask {
    id
    originalName
    claimId
    claimNumber
    memberName
    category
    status
    size
    contentType
    uploadedBy
    uploadedAt
    reviewedBy
    reviewedAt
    reviewNote
    viewUrl
    downloadUrl
  }
`);

export const DocumentsQuery = graphql(
  `
    query Documents($search: String, $category: DocumentCategory, $status: DocumentStatus) {
      documents(search: $search, category: $category, status: $status) {
        nodes {
          ...DocumentFields
        }
        truncated
      }
    }
  `,
  [DocumentFields],
);

export const ReviewDocumentMutation = graphql(
  `
    mutation ReviewDocument($id: ID!, $status: DocumentStatus!, $note: String) {
      reviewDocument(id: $id, status: $status, note: $note) {
        ...DocumentFields
      }
    }
  `,
  [DocumentFields],
);

export type DocumentItem = ResultOf<typeof DocumentFields>;
export type DocumentStatus = DocumentItem['status'];
export type DocumentCategory = DocumentItem['category'];
export type DocumentsVariables = VariablesOf<typeof DocumentsQuery>;

/** The list holds no Document when empty; a new claim adds documents, a review changes one. */
export const DOCUMENTS_CONTEXT = { additionalTypenames: ['Document', 'Claim'] };

/** The list answers at most this many (the newest); `truncated` says there were more. */
export const DOCUMENTS_LIMIT = 500;
