import { describe, expect, it } from 'vitest';
import { DATA_RIGHTS_MESSAGES } from '../../../domain/data-rights.js';
import { KIT_MESSAGES } from '../../../domain/filing-kit.js';
import * as messages from '../../../domain/messages.js';
import {
  readTriggerError,
  refusal,
  REFUSAL_MESSAGES,
  REFUSAL_REASONS,
  triggerErrorText,
  type RefusalReason,
} from '../../../domain/refusals.js';
import { apiErrorSchema } from '../../../domain/schemas/api-error.js';

/** Every string and function of the message catalogues: the only words a refusal may use. */
function catalogue(): Set<unknown> {
  const groups: unknown[] = [...Object.values(messages), DATA_RIGHTS_MESSAGES, KIT_MESSAGES];
  return new Set(groups.flatMap((group) => (typeof group === 'object' && group !== null ? Object.values(group) : [])));
}

/** A catalogue entry as a person reads it: a function is worded with sample details. */
const worded = (text: string | ((...args: never[]) => string)) =>
  typeof text === 'string' ? text : (text as (...args: unknown[]) => string)(['20261124-0001'], 'motivo');

describe('refusal reasons (domain/refusals.ts)', () => {
  it('gives every reason at least one message, and lists no reason the enum does not have', () => {
    expect(Object.keys(REFUSAL_MESSAGES).sort()).toEqual([...REFUSAL_REASONS].sort());
    for (const reason of REFUSAL_REASONS) {
      expect(REFUSAL_MESSAGES[reason].length, reason).toBeGreaterThan(0);
      for (const text of REFUSAL_MESSAGES[reason]) expect(worded(text).trim(), reason).not.toBe('');
    }
  });

  it('takes its words from the catalogues, never retyped', () => {
    const known = catalogue();
    for (const reason of REFUSAL_REASONS) {
      for (const text of REFUSAL_MESSAGES[reason]) expect(known.has(text), `${reason}: ${worded(text)}`).toBe(true);
    }
  });

  it('pairs each message with one reason only, so no message is ambiguous', () => {
    const reasonOf = new Map<string, RefusalReason>();
    for (const reason of REFUSAL_REASONS) {
      for (const text of REFUSAL_MESSAGES[reason]) {
        const words = worded(text);
        expect(reasonOf.get(words), words).toBeUndefined();
        reasonOf.set(words, reason);
      }
    }
  });

  it('builds a refusal only from its reason’s own messages (checked by the type, proved by typecheck)', () => {
    expect(refusal('contract_already_signed', messages.CONTRACT_MESSAGES.alreadySigned)).toEqual({
      reason: 'contract_already_signed',
      message: messages.CONTRACT_MESSAGES.alreadySigned,
    });
    // @ts-expect-error -- another reason's message does not type-check.
    refusal('contract_already_signed', messages.CONTRACT_MESSAGES.noProfile);
    // @ts-expect-error -- nor does a message retyped outside the catalogue.
    refusal('profile_missing', 'Complete seu perfil');
  });

  it('travels in the error body beside the message; an unknown reason reads as none', () => {
    const body = { code: 'conflict', reason: 'profile_missing', message: messages.CONTRACT_MESSAGES.noProfile };
    expect(apiErrorSchema.parse(body)).toEqual(body);
    expect(apiErrorSchema.parse({ code: 'conflict', message: 'x' }).reason).toBeUndefined();
    expect(apiErrorSchema.parse({ code: 'conflict', reason: 'from_a_newer_server', message: 'x' })).toEqual({
      code: 'conflict',
      message: 'x',
    });
  });

  it('ride inside a Cognito trigger’s error text, which the SPA reads back and strips', () => {
    const said = refusal('rate_limited', messages.AUTH_MESSAGES.recoveryTooSoon);
    const wrapped = `CustomMessage failed with error ${triggerErrorText(said)}.`;
    expect(readTriggerError(wrapped)).toEqual(said);
    // Words without a reason, an unknown reason, and text that is no trigger error.
    expect(readTriggerError('CreateAuthChallenge failed with error Não foi possível enviar o link mágico..')).toEqual({
      message: 'Não foi possível enviar o link mágico.',
    });
    expect(readTriggerError('PreSignUp failed with error Algo [from_a_newer_server].')).toEqual({ message: 'Algo' });
    expect(readTriggerError('Incorrect username or password.')).toEqual({ message: null });
    expect(readTriggerError(undefined)).toEqual({ message: null });
  });
});
