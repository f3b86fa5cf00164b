import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../lambdas/functions.js';

/**
 * docs/flows.md draws the two event-driven flows for a newcomer; a map that names a file, a function or a route the code
 * no longer has sends them the wrong way. Every box names a file and a function declared in it; every route an arrow
 * names is one of the catalogue's.
 */
const doc = readFileSync('docs/flows.md', 'utf8');
const diagrams = [...doc.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((match) => match[1]!);

/** The boxes: `id["path<br/>name()"]`. */
const boxes = diagrams.flatMap((diagram) =>
  [...diagram.matchAll(/\["([\w./-]+\.tsx?)<br\/>(\w+)\(\)"\]/g)].map((match) => ({
    file: match[1]!,
    name: match[2]!,
  })),
);
/** The routes on arrows: `|"POST /me/..."|`, or a label that mentions one. */
const routes = diagrams.flatMap((diagram) =>
  [...diagram.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[\w/{}-]+)/g)].map((match) => `${match[1]} ${match[2]}`),
);
/** Every file path the prose names in backticks. */
const prosePaths = [...doc.matchAll(/`((?:lambdas|domain|frontend|lib|test)\/[\w./-]+\.tsx?)`/g)].map((m) => m[1]!);

const declares = (source: string, name: string) =>
  new RegExp(`(?:function|const|let|class)\\s+${name}\\b`).test(source) ||
  // A handler built by a factory: `export const handler = apiHandler(...)`.
  (name === 'handler' && /export const handler\b/.test(source));

describe('docs/flows.md', () => {
  it('draws two flows, each with its boxes', () => {
    expect(diagrams).toHaveLength(2);
    expect(boxes.length).toBeGreaterThan(20);
  });

  it.each(boxes.map((box) => [`${box.file} ${box.name}()`, box] as const))('%s exists', (_label, { file, name }) => {
    expect(existsSync(file), `${file} is not a file of the repository`).toBe(true);
    expect(declares(readFileSync(file, 'utf8'), name), `${file} declares no ${name}`).toBe(true);
  });

  it('names only routes of the catalogue', () => {
    const known = new Set(API_ROUTES.map(({ contract }) => `${contract.method} ${contract.path}`));
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(known, route).toContain(route);
  });

  it('names only files that exist in its prose', () => {
    for (const path of prosePaths) expect(existsSync(path), path).toBe(true);
  });
});
