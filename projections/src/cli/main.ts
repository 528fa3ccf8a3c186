import { runOperatorCommand } from '@fpa/write-model/event-store';
import { allProjectors } from '../read-models.ts';
import { operatorOutput, withOperatorStore } from './operator-store.ts';
import { runProjectionsCli, USAGE } from './projections-cli.ts';

/** `npm run projections -- <command>`: the operator's commands for the read models (see USAGE). */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
    console.log(USAGE);
    return args.length === 0 ? 2 : 0;
  }
  return withOperatorStore((deps) => runProjectionsCli(args, { ...deps, projectors: allProjectors, ...operatorOutput }));
}

runOperatorCommand(main);
