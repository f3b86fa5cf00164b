import * as z from 'zod';
import { ENV } from '../grants.js';

/**
 * Parses a handler's environment once, at cold start, and names every missing or invalid variable
 * at once — a misconfigured deploy should fail loudly on the first invocation, not deep in a request.
 * Handlers read only what their grants give (lambdas/grants.ts); locally each function runs with only those
 * variables, so a missing grant fails here exactly as it would on AWS.
 */
export function loadConfig<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<z.ZodObject<Shape>> {
  const result = z.object(shape).safeParse(env);
  if (!result.success) {
    const names = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Missing or invalid environment variables: ${names}`);
  }
  return result.data;
}

export const required = z.string().min(1);

/** The SPA's public URL (grants `email` or `appLinks`): every link the product sends points there. */
export function appUrlFromEnvironment(env: NodeJS.ProcessEnv = process.env): string {
  return loadConfig({ [ENV.appUrl]: z.url() }, env)[ENV.appUrl] as string;
}
