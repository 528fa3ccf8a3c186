import { writeFileSync } from 'node:fs';
import { printedSchema } from './schema/index.ts';

const target = new URL('../../schema.graphql', import.meta.url);
writeFileSync(target, printedSchema());
console.log(`wrote ${target.pathname}`);
