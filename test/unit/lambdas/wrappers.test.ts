import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AUTH_MESSAGES } from '../../../domain/messages.js';
import { readTriggerError } from '../../../domain/refusals.js';
import { ConflictError, TooManyRequestsError } from '../../../lambdas/shared/errors.js';
import { InvalidTaskInputError, taskHandler } from '../../../lambdas/shared/task.js';
import { triggerHandler } from '../../../lambdas/shared/trigger.js';

describe('taskHandler (workflow tasks)', () => {
  const task = taskHandler(
    'ConfirmPayment',
    z.object({ chargeId: z.string().min(1), attempt: z.number().default(1) }),
    async (input) => ({
      seen: input,
    }),
  );

  it('hands the task its parsed input, defaults applied', async () => {
    expect(await task({ chargeId: 'c1', ignored: true })).toEqual({ seen: { chargeId: 'c1', attempt: 1 } });
  });

  it('refuses input the state machine should never send, naming the task and the fields', async () => {
    const failure = task({ chargeId: '', attempt: 'x' });
    await expect(failure).rejects.toBeInstanceOf(InvalidTaskInputError);
    await expect(task({ attempt: 'x' })).rejects.toThrow('ConfirmPayment: invalid input (chargeId, attempt)');
    await expect(task(null)).rejects.toThrow('ConfirmPayment: invalid input (_)');
  });

  it('lets a failure of the task itself reach Step Functions unchanged (so its Retry/Catch apply)', async () => {
    const boom = new Error('DynamoDB throttled');
    const failing = taskHandler('StartFiling', z.object({}), async () => {
      throw boom;
    });
    await expect(failing({})).rejects.toBe(boom);
  });
});

describe('triggerHandler (Cognito)', () => {
  const event = { triggerSource: 'CustomMessage_ForgotPassword', userName: 'u1' };

  it('returns the event the trigger answers', async () => {
    const trigger = triggerHandler('customMessage', { fallbackMessage: 'Ocorreu um erro.' }, async (e) => ({
      ...e,
      userName: 'changed',
    }));
    expect(await trigger(event)).toEqual({ ...event, userName: 'changed' });
  });

  it('lets pt-BR domain messages through, as Cognito shows them to the person', async () => {
    const trigger = triggerHandler<typeof event>('customMessage', { fallbackMessage: 'Ocorreu um erro.' }, async () => {
      throw new ConflictError('Aguarde um minuto antes de pedir um novo email de recuperação.');
    });
    await expect(trigger(event)).rejects.toThrow('Aguarde um minuto antes de pedir um novo email de recuperação.');
  });

  it('tags a refusal’s reason onto its words, as Cognito passes on nothing but text', async () => {
    const trigger = triggerHandler<typeof event>('customMessage', { fallbackMessage: 'Ocorreu um erro.' }, async () => {
      throw new TooManyRequestsError(AUTH_MESSAGES.recoveryTooSoon);
    });
    const error = await trigger(event).catch((e: Error) => e);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as Error).message).toBe(`${AUTH_MESSAGES.recoveryTooSoon} [rate_limited]`);
    expect(readTriggerError(`CustomMessage failed with error ${(error as Error).message}.`)).toEqual({
      message: AUTH_MESSAGES.recoveryTooSoon,
      reason: 'rate_limited',
    });
  });

  it('replaces any other failure (AWS text naming tables and ARNs) by the fallback message', async () => {
    const trigger = triggerHandler<typeof event>(
      'createAuthChallenge',
      { fallbackMessage: 'Não foi possível enviar o link mágico.' },
      async () => {
        throw new Error(
          'User: arn:aws:sts::123:assumed-role/x is not authorized to perform: dynamodb:PutItem on table-prod',
        );
      },
    );
    const error = await trigger(event).catch((e: Error) => e);
    expect((error as Error).message).toBe('Não foi possível enviar o link mágico.');
    expect((error as Error).message).not.toMatch(/arn:|dynamodb/);
  });
});
