import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { logger } from '../shared/logger.js';
import { triggerHandler } from '../shared/trigger.js';
import { nextAuthStep } from './custom-auth.js';

/** Cognito DefineAuthChallenge trigger: the magic-link conversation's next step (see custom-auth.ts). */
export const handler = triggerHandler<DefineAuthChallengeTriggerEvent>(
  'DefineAuthChallenge',
  { fallbackMessage: AUTH_MESSAGES.unexpectedError },
  async (event) => {
    const step = nextAuthStep(event.request.session, event.request.clientMetadata);
    event.response.issueTokens = step.kind === 'issueTokens';
    event.response.failAuthentication = step.kind === 'fail';
    if (step.kind === 'challenge') event.response.challengeName = 'CUSTOM_CHALLENGE';
    // Only the outcome and the round count: never the answers or the client metadata.
    if (step.kind === 'fail')
      logger.info('custom auth failed', { reason: step.reason, rounds: event.request.session.length });
    return event;
  },
);
