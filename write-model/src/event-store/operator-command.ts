import { resolve } from 'node:path';

/**
 * What the operator's commands (`npm run verify`, `npm run projections`) share: the database the
 * server uses, and how their answer becomes the exit code.
 */

/** DATABASE_URL, or PGlite in DATA_DIR (default ./data; the server stopped first, PGlite is one process). */
export function operatorDatabase(env: NodeJS.ProcessEnv = process.env): { databaseUrl: string | undefined; dataDir: string } {
  return { databaseUrl: env.DATABASE_URL?.trim() || undefined, dataDir: resolve(env.DATA_DIR?.trim() || './data') };
}

/** Runs a command whose answer is its exit code; a failure is printed and exits with 2. */
export function runOperatorCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
