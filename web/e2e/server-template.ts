import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHROMIUM,
  spawnGateway,
  stopGateway,
  TEMPLATE_DIR_VARIABLE,
  TEMPLATE_KEY_VARIABLE,
  templateFailedFile,
  templateReadyFile,
} from './harness.ts';

/**
 * Global setup of the browser project: makes this run's server template in the background (a server
 * started on a new data folder, which it migrates, then stopped), so that each browser test file's
 * server starts from a copy of it (startServer in harness.ts) instead of creating and migrating a
 * PGlite cluster of its own. Files that start before it is ready wait for it; if it cannot be made,
 * each server makes its own folder as before.
 * The folder and its key reach the test processes through the environment, which they inherit.
 */
export default function setup() {
  const root = mkdtempSync(join(tmpdir(), 'fpa-e2e-template-'));
  const templateDir = join(root, 'data');
  const dataKey = randomBytes(32).toString('base64');
  process.env[TEMPLATE_DIR_VARIABLE] = templateDir;
  process.env[TEMPLATE_KEY_VARIABLE] = dataKey;
  const building = join(root, 'building');
  // Without the built app or Chromium no browser test starts a server.
  const needed = existsSync(new URL('../dist/index.html', import.meta.url)) && existsSync(CHROMIUM);
  const made = needed
    ? (async () => {
        const { child } = await spawnGateway(building, dataKey, { LOG_LEVEL: 'warn' });
        await stopGateway(child);
        if (child.exitCode !== 0) throw new Error(`the template's server exited with ${child.exitCode ?? child.signalCode}`);
        renameSync(building, templateDir);
        writeFileSync(templateReadyFile(templateDir), '');
      })().catch((error: unknown) => {
        // Without a template every server makes its own folder, as it did before: slower, not wrong.
        writeFileSync(templateFailedFile(templateDir), '');
        console.warn(`browser tests: no server template (${error instanceof Error ? error.message : String(error)})`);
      })
    : Promise.resolve(writeFileSync(templateFailedFile(templateDir), ''));
  return async () => {
    await made;
    rmSync(root, { recursive: true, force: true });
  };
}
