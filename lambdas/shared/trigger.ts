import { triggerErrorText } from '../../domain/refusals.js';
import '../../domain/zod-locale.js';
import { DomainError } from './errors.js';
import type { Context } from 'aws-lambda';
import { logger } from './logger.js';
import { TRIGGER_SOURCE_METRICS } from './metric-names.js';
import { countMetric } from './metrics.js';
import { observedHandler } from './observability.js';

type TriggerEvent = { triggerSource: string; userName?: string };

/**
 * A Cognito trigger with the one error policy every trigger needs: Cognito shows a trigger's error text to the
 * person signing in, so only pt-BR domain messages (with their refusal reason, domain/refusals.ts) may leave; any other failure (a throttled or refused AWS call,
 * whose text names ARNs and tables) is logged and replaced by `fallbackMessage`.
 */
export function triggerHandler<E extends TriggerEvent>(
  name: string,
  options: { fallbackMessage: string },
  run: (event: E) => Promise<E>,
): (event: E, context?: Partial<Context>) => Promise<E> {
  return observedHandler<E, E>(async (event) => {
    logger.appendKeys({ trigger: name, triggerSource: event.triggerSource });
    try {
      const answer = await run(event);
      const counted = TRIGGER_SOURCE_METRICS[event.triggerSource];
      if (counted) countMetric(counted);
      return answer;
    } catch (error) {
      if (error instanceof DomainError) {
        // Cognito passes on the text alone: the reason travels in it, for the SPA to branch on.
        error.message = triggerErrorText(error);
        throw error;
      }
      // The message only: trigger events and their errors may carry codes and links that must not reach logs whole.
      logger.error(`${name} failed`, { error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' });
      throw new Error(options.fallbackMessage);
    }
  });
}
