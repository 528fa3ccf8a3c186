import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { builder } from '../builder.ts';
import './auth.ts';
import './company.ts';
import './subscription.ts';
import './portfolio.ts';
import './portfolio.fields.ts';
import './claims.ts';
import './claims.fields.ts';
import './payments.ts';
import './payments.fields.ts';
import './group-schemes.ts';
import './group-schemes.fields.ts';
import './access.ts';
import './agents.ts';
import './agents.fields.ts';
import './reports.ts';
import './assistant.ts';
import './audit.ts';
import './audit.fields.ts';
import './platform.ts';
import './billing.ts';
import './billing.fields.ts';
import './collections.ts';
import './collections.fields.ts';
import './member-page.ts';
import './beneficiaries.ts';
import './search.ts';
import './work-items.ts';
import './notifications.ts';
import { commandEndpoints } from '../commands/index.ts';
import { addMutations } from '../commands/expose.ts';

addMutations(commandEndpoints);

export const schema: GraphQLSchema = builder.toSchema();

/** What is committed as schema.graphql (sorted, so diffs stay readable). */
export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
