import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { App, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { WORKFLOW_TASKS, type WorkflowTaskName } from '../lambdas/functions.js';
import { Data } from '../lib/constructs/data.js';
import { Workflow } from '../lib/constructs/workflow.js';

export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_REGION = 'us-east-1';
const PSEUDO_PARAMETERS: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': LOCAL_REGION,
  'AWS::AccountId': LOCAL_ACCOUNT,
  'AWS::URLSuffix': 'amazonaws.com',
};

/** The ARN each workflow task resolves to locally; the runner maps it back to the handler module. */
export const localTaskArn = (name: WorkflowTaskName) =>
  `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${name}`;

type Template = { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }> };

/** Resolves the few CloudFormation intrinsics a synthesized definition can contain to local values. */
export function resolveIntrinsics(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolveIntrinsics);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1) {
    const [fn, arg] = entries[0]!;
    if (fn === 'Ref') {
      const resolved = PSEUDO_PARAMETERS[arg as string];
      if (!resolved) throw new Error(`Cannot resolve Ref ${String(arg)} locally`);
      return resolved;
    }
    if (fn === 'Fn::Join') {
      const [separator, parts] = arg as [string, unknown[]];
      return parts.map((part) => String(resolveIntrinsics(part))).join(separator);
    }
    if (fn.startsWith('Fn::')) throw new Error(`Cannot resolve ${fn} locally`);
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, resolveIntrinsics(v)]));
}

export type LocalDefinitions = {
  table: CreateTableCommandInput;
  ttlAttribute: string | null;
  /** Amazon States Language, exactly as CDK synthesized it, with intrinsics resolved. */
  stateMachine: Record<string, unknown>;
};

/**
 * Synthesizes the real Data and Workflow constructs in a throwaway stack and reads the table and the
 * state machine out of the template, so the local runtime never keeps a hand-written copy of either.
 */
export function synthesizeLocalDefinitions(tableName: string): LocalDefinitions {
  const outdir = mkdtempSync(join(tmpdir(), 'baixa-local-synth-'));
  try {
    // Only the definitions are read here: CDK's own CloudFormation validation (a WebAssembly validator and a schema
    // compiler, 2.3 s of CPU at every start) is run on the real stage by the cdk tests.
    const app = new App({ outdir, builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'Local', { env: { account: LOCAL_ACCOUNT, region: LOCAL_REGION } });
    new Data(stack, 'Data', { accessLogsBucket: new s3.Bucket(stack, 'AccessLogs') });
    const tasks = Object.fromEntries(
      (Object.keys(WORKFLOW_TASKS) as WorkflowTaskName[]).map((name) => [
        name,
        lambda.Function.fromFunctionArn(stack, `Task${name}`, localTaskArn(name)),
      ]),
    ) as Record<WorkflowTaskName, lambda.IFunction>;
    new Workflow(stack, 'Workflow', { tasks });
    const template = app.synth().getStackByName(stack.stackName).template as Template;

    const resources = Object.values(template.Resources);
    const tables = resources.filter((r) => r.Type === 'AWS::DynamoDB::Table');
    const machines = resources.filter((r) => r.Type === 'AWS::StepFunctions::StateMachine');
    if (tables.length !== 1 || machines.length !== 1)
      throw new Error('Expected exactly one table and one state machine in the Data/Workflow constructs');

    const t = tables[0]!.Properties;
    const table: CreateTableCommandInput = {
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: t.KeySchema as CreateTableCommandInput['KeySchema'],
      AttributeDefinitions: t.AttributeDefinitions as CreateTableCommandInput['AttributeDefinitions'],
      GlobalSecondaryIndexes: t.GlobalSecondaryIndexes as CreateTableCommandInput['GlobalSecondaryIndexes'],
    };
    const stream = t.StreamSpecification as { StreamViewType?: string } | undefined;
    if (stream?.StreamViewType) {
      table.StreamSpecification = {
        StreamEnabled: true,
        StreamViewType: stream.StreamViewType as NonNullable<
          CreateTableCommandInput['StreamSpecification']
        >['StreamViewType'],
      };
    }
    const ttl = t.TimeToLiveSpecification as { AttributeName?: string; Enabled?: boolean } | undefined;

    const m = machines[0]!.Properties;
    const raw = m.Definition ?? resolveIntrinsics(m.DefinitionString);
    const stateMachine = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>;
    return { table, ttlAttribute: ttl?.Enabled ? (ttl.AttributeName ?? null) : null, stateMachine };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
