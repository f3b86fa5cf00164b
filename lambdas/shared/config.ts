import * as z from 'zod';

/**
 * Parses a handler's environment once, at cold start, and names every missing or invalid variable
 * at once — a misconfigured deploy should fail loudly on the first invocation, not deep in a request.
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
