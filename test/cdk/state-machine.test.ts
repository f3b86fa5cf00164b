// The deployed state machine (its definition alone: workflow.test.ts).
import { describe, expect, it } from 'vitest';
import { WORKFLOW_STATES } from '../../lib/constructs/workflow.js';
import { parseDefinition } from './helpers.js';
import { resources } from './stage.js';

describe('Workflow', () => {
  it('standard state machine, ALL logs, X-Ray, charge → payment → filing', () => {
    const [sm] = Object.values(resources('AWS::StepFunctions::StateMachine'));
    expect(sm!.Properties).toMatchObject({
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL' },
    });
    const asl = parseDefinition(sm!.Properties.DefinitionString);
    expect(asl.StartAt).toBe(WORKFLOW_STATES.awaitPayment);
    expect(Object.keys(asl.States)).toEqual(expect.arrayContaining(['AwaitPayment', 'ConfirmPayment', 'StartFiling']));
    expect(asl.States.AwaitPayment!.Resource).toMatch(/lambda:invoke\.waitForTaskToken$/);
    expect(asl.States.AwaitPayment!.Next).toBe('ConfirmPayment');
    expect(asl.States.ConfirmPayment!.Next).toBe('StartFiling');
  });
});
