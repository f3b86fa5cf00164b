import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One temporary folder for the cdk project's run (`CDK_TEST_TMP`): the synths it caches write their cloud assemblies
 * and fake sites there (helpers.ts), and it goes when the run ends. A test process's own exit hook never ran: vitest
 * ends its workers.
 */
export default function setup() {
  const root = mkdtempSync(join(tmpdir(), 'baixa-cdk-run-'));
  process.env.CDK_TEST_TMP = root;
  return () => rmSync(root, { recursive: true, force: true });
}
