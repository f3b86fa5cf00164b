import * as z from 'zod';
import { ENV } from '../grants.js';

/**
 * Parses a handler's environment once, at cold start, and names every missing or invalid variable
 * at once — a misconfigured deploy should fail loudly on the first invocation, not deep in a request.
 * Handlers read only what their grants give (lambdas/grants.ts); locally each function runs with only those
 * variables, so a missing grant fails here exactly as it would on AWS.
 */
export function loadConfig<Shape extends Partial<Record<EnvName, z.ZodType>>>(
  shape: Shape,
  env: NodeJS.ProcessEnv = process.env,
): { [Name in keyof Shape]: Shape[Name] extends z.ZodType ? z.infer<Shape[Name]> : never } {
  // Each setting is asked for by its name in `ENV` and read from that variable, so the answer is typed by its schema.
  const names = Object.keys(shape) as EnvName[];
  const variables = Object.fromEntries(names.map((name) => [ENV[name], shape[name]!]));
  const result = z.object(variables).safeParse(env);
  if (!result.success) {
    const missing = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Missing or invalid environment variables: ${missing}`);
  }
  const values = result.data as Record<string, unknown>;
  return Object.fromEntries(names.map((name) => [name, values[ENV[name]]])) as never;
}

/** A setting by its name in `ENV` (the variable a grant gives). */
type EnvName = keyof typeof ENV;

export const required = z.string().min(1);

/** The SPA's public URL (grants `email` or `appLinks`): every link the product sends points there. */
export function appUrlFromEnvironment(env: NodeJS.ProcessEnv = process.env): string {
  return loadConfig({ appUrl: z.url() }, env).appUrl;
}
