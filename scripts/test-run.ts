import { randomBytes } from 'node:crypto';
import { dropPostgresTemplates, removePgliteTemplates, testDatabaseUrl } from '../write-model/src/testing/databases.ts';

/**
 * Global setup of the server test projects: gives the run an id (TEST_RUN_ID, inherited by the test
 * processes) under which the test databases' templates are made once and shared (DatabaseTemplate in
 * write-model/src/testing/databases.ts), and removes those templates when the run ends.
 */
export default function setup() {
  process.env.TEST_RUN_ID ??= randomBytes(5).toString('hex');
  const runId = process.env.TEST_RUN_ID;
  return async () => {
    removePgliteTemplates(runId);
    const url = testDatabaseUrl();
    if (url) await dropPostgresTemplates(url, runId);
  };
}
