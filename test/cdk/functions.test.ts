// The Lambda functions: one per catalogue entry, runtime, logs, environment.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_FUNCTIONS,
  API_ROUTES,
  AUTH_TRIGGERS,
  LIVE_FUNCTIONS,
  SCHEDULED_FUNCTIONS,
  EVENT_FUNCTIONS,
  WORKFLOW_TASKS,
} from '../../lambdas/functions.js';
import { ENV } from '../../lambdas/grants.js';
import { logicalId, type SynthesizedBaixa } from './helpers.js';
import { stage, type Json, resources, allServiceFunctions, serviceFunctionNamed } from './stage.js';

let s: SynthesizedBaixa;
beforeAll(() => {
  s = stage();
});

describe('Lambda functions', () => {
  const serviceFunctions = allServiceFunctions;

  it('one ServiceFunction per catalogue route, workflow task, auth trigger and scheduled function', () => {
    expect(serviceFunctions()).toHaveLength(
      API_ROUTES.length +
        Object.keys(WORKFLOW_TASKS).length +
        Object.keys(AUTH_TRIGGERS).length +
        Object.keys(LIVE_FUNCTIONS).length +
        Object.keys(SCHEDULED_FUNCTIONS).length +
        Object.keys(EVENT_FUNCTIONS).length,
    );
  });

  it('every Node.js Lambda in the stack runs nodejs24.x on arm64', () => {
    // Not CDK's own custom-resource providers (the cross-region reader of the edge stack's web ACL): aws-cdk-lib picks
    // their runtime and architecture.
    const node = Object.entries(resources('AWS::Lambda::Function'))
      .filter(([id, fn]) => String(fn.Properties.Runtime).startsWith('nodejs') && !/CustomResourceProvider/.test(id))
      .map(([, fn]) => fn);
    expect(node.length).toBe(serviceFunctions().length);
    for (const fn of node) {
      expect(fn.Properties.Runtime).toBe('nodejs24.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
  });

  it('each ServiceFunction has STAGE, no NODE_OPTIONS (maps are read when an error is logged) and its own log group with 1-month retention', () => {
    const logGroups = resources('AWS::Logs::LogGroup');
    for (const fn of serviceFunctions()) {
      const props = resources('AWS::Lambda::Function')[logicalId(fn)]!.Properties;
      expect(props.Environment).toMatchObject({ Variables: { [ENV.stage]: 'test' } });
      expect((props.Environment as { Variables: Json }).Variables).not.toHaveProperty('NODE_OPTIONS');
      const declared = ALL_FUNCTIONS.find((f) => serviceFunctionNamed(f.name) === fn);
      // 512 MB unless the catalogue says otherwise (the filing kit's image conversion).
      expect(props.MemorySize).toBe(declared?.memorySize ?? 512);
      expect(props.Timeout).toBe(declared?.timeoutSeconds ?? 10);
      const groupRef = (props.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(logGroups[groupRef]!.Properties.RetentionInDays).toBe(30);
    }
  });

  it('the CustomMessage trigger and the e-mailing task know the SPA URL (CloudFront)', () => {
    const appUrl = {
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(s.stack.web.distribution), 'DomainName'] }]],
    };
    for (const fn of [s.stack.auth.triggers.customMessage, s.stack.workflowTasks.functions.ConfirmPayment]) {
      const env = resources('AWS::Lambda::Function')[logicalId(fn)]!.Properties.Environment as { Variables: Json };
      expect(env.Variables[ENV.appUrl]).toEqual(appUrl);
    }
  });
});
