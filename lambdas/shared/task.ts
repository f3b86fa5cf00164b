import type { Context } from 'aws-lambda';
import type * as z from 'zod';
import '../../domain/zod-locale.js';
import { logger } from './logger.js';
import { observedHandler } from './observability.js';

/** Thrown for input the state machine should never send; Step Functions records it with the execution. */
export class InvalidTaskInputError extends Error {
  constructor(task: string, issues: string) {
    super(`${task}: invalid input (${issues})`);
    this.name = 'InvalidTaskInput';
  }
}

const LOG_KEYS = ['userId', 'contractId', 'chargeId'] as const;

/**
 * A workflow task: its input parsed by zod (the state machine's payload is a contract too), the ids it carries added
 * to every log line, and failures logged before Step Functions sees them (and retries: tasks must be idempotent).
 */
export function taskHandler<S extends z.ZodType, R>(
  name: string,
  schema: S,
  run: (input: z.output<S>) => Promise<R>,
): (event: unknown, context?: Partial<Context>) => Promise<R> {
  return observedHandler<unknown, R>(async (event) => {
    const parsed = schema.safeParse(event);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => issue.path.join('.') || '_').join(', ');
      logger.error('Invalid task input', { task: name, fields: issues });
      throw new InvalidTaskInputError(name, issues);
    }
    const input = parsed.data as Record<string, unknown>;
    logger.appendKeys({
      task: name,
      ...Object.fromEntries(LOG_KEYS.filter((key) => typeof input[key] === 'string').map((key) => [key, input[key]])),
    });
    try {
      return await run(parsed.data);
    } catch (error) {
      logger.error(`${name} failed`, { error: error as Error });
      throw error;
    }
  });
}
