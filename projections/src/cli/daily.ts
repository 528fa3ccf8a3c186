import { runOperatorCommand } from '@fpa/write-model/event-store';
import { DAILY_USAGE, runDailyCli } from './daily-cli.ts';
import { operatorOutput, withOperatorStore } from './operator-store.ts';

/** `npm run daily -- [--as-of YYYY-MM-DD] [--company ID]`: the operator runs the billing calendar (see DAILY_USAGE). */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args[0] === '--help' || args[0] === '-h') {
    console.log(DAILY_USAGE);
    return 0;
  }
  return withOperatorStore((deps) => runDailyCli(args, { ...deps, ...operatorOutput }));
}

runOperatorCommand(main);
