import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { CompanyIdentity } from '../domain/company.js';
import { COMPANY_IDENTITY_BUILD_ENV } from './company-config.js';
import { REPO_ROOT } from './paths.js';

/** What the SPA build reads. Anything else in the repo (lambdas, cdk.out, tests) must not force a rebuild. */
const SITE_INPUTS = ['frontend', 'domain', 'scripts/build-web.ts', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage', 'test-results']);

/**
 * The SPA as a deployment source, built by Vite and prerendered (scripts/build-web.ts) on the synth machine (no Docker; a clean clone has no
 * `frontend/dist`). The asset hash is computed from the build inputs, so an unchanged frontend reuses
 * the bundle already in cdk.out instead of running Vite on every synth.
 */
export function viteBuildSource(options: { siteUrl?: string; company: CompanyIdentity }): s3deploy.ISource {
  const company = JSON.stringify(options.company);
  return s3deploy.Source.asset(REPO_ROOT, {
    assetHashType: AssetHashType.CUSTOM,
    assetHash: hashSiteInputs(`${options.siteUrl ?? ''}\0${company}`),
    bundling: {
      // Never pulled: local bundling always succeeds or throws, so Docker is never reached.
      image: DockerImage.fromRegistry('none'),
      local: {
        tryBundle(outputDir: string): boolean {
          const result = spawnSync(
            'npx',
            [
              '--no-install',
              'tsx',
              'scripts/build-web.ts',
              '--outDir',
              outputDir,
              ...(options.siteUrl ? ['--site-url', options.siteUrl] : []),
            ],
            // Vite's progress goes to stderr so the synth's stdout stays clean.
            {
              cwd: REPO_ROOT,
              stdio: ['ignore', 2, 2],
              env: { ...process.env, [COMPANY_IDENTITY_BUILD_ENV]: company },
            },
          );
          if (result.status !== 0) {
            throw new Error(
              `the site build (scripts/build-web.ts) failed (exit ${result.status ?? result.signal}); fix the frontend build or pass a prebuilt site with -c siteAssetPath=<dir>`,
            );
          }
          return true;
        },
      },
    },
  });
}

function hashSiteInputs(settings: string): string {
  const hash = createHash('sha256');
  hash.update(settings);
  for (const input of SITE_INPUTS) {
    for (const file of listFiles(join(REPO_ROOT, input))) {
      hash.update(relative(REPO_ROOT, file));
      hash.update('\0');
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

function listFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return (
    readdirSync(path, { withFileTypes: true })
      // A site build in progress (its server build, frontend/.ssr-*) is not an input either.
      .filter((entry) => !(entry.isDirectory() && (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.ssr-'))))
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => listFiles(join(path, entry.name)))
  );
}
