import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The import-boundary rules of the repository's eslint.config.js, run over source strings placed (by
// file name) in each layer: what must be refused is, and what the layers do today passes. Type
// information is switched off (the files do not exist), which keeps this a fast unit test.
const eslint = new ESLint({
  cwd: fileURLToPath(new URL('../..', import.meta.url)),
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function problems(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === null || m.ruleId.startsWith('no-restricted-'))
    .map((m) => `${m.ruleId ?? 'parse error'}: ${m.message}`);
}

describe('import boundaries', () => {
  it.each([
    ['web/src/features/x/Page.tsx', "import { store } from '@fpa/write-model';"],
    ['web/src/features/x/Page.tsx', "import { testDrivers } from '@fpa/write-model/testing';"],
    ['web/src/features/x/Page.tsx', "import type { EventStore } from '@fpa/write-model/event-store';"],
    ['web/src/features/x/Page.tsx', "import { memberSchema } from '../../../../write-model/src/validation/index.ts';"],
    ['web/src/features/x/Page.tsx', "import { createApp } from '@fpa/api-gateway';"],
    ['web/e2e/x.e2e.test.ts', "import { readModels } from '@fpa/projections';"],
    ['write-model/src/members/x.ts', "import { readModels } from '@fpa/projections';"],
    ['write-model/src/members/x.ts', "export { loadConfig } from '../../../api-gateway/src/config.ts';"],
    ['write-model/src/members/x.ts', "const gateway = await import('@fpa/api-gateway');"],
    ['projections/src/x.ts', "import { createApp } from '@fpa/api-gateway';"],
    ['projections/src/x.ts', "import { Button } from '../../web/src/ui/Button';"],
    ['api-gateway/src/x.ts', "const routes = await import('../../web/src/app/routes.tsx');"],
  ])('%s may not: %s', async (file, source) => {
    expect(await problems(file, source)).toEqual([expect.stringMatching(/^no-restricted-(imports|syntax): /)]);
  });

  it.each([
    ['web/src/features/x/Page.tsx', "import { memberSchema } from '@fpa/write-model/validation';"],
    ['web/src/features/x/Page.tsx', "import { Button } from '../../ui/Button';"],
    ['web/src/features/x/Page.tsx', "const Page = await import('../members/MembersPage');"],
    ['projections/src/x.ts', "import { type EventStore } from '@fpa/write-model/event-store';"],
    ['api-gateway/src/x.ts', "import { readModels } from '@fpa/projections';\nimport { store } from '@fpa/write-model';"],
    ['api-gateway/src/x.test.ts', "import { loadWorkerConfig } from '../../projections/src/worker/worker.config.ts';"],
    ['bench/x.ts', "import { createApp } from '../api-gateway/src/yoga.ts';"],
  ])('%s may: %s', async (file, source) => {
    expect(await problems(file, source)).toEqual([]);
  });
});
