import { ArnFormat, Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { readFileSync } from 'node:fs';
import type { Construct } from 'constructs';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import {
  ENV,
  environmentFor,
  leavesAws,
  TABLE_ACTIONS,
  secretsOf,
  tableItemGrantsOf,
  type ConversionsSettings,
  type WhatsAppSettings,
  type FunctionGrants,
  type GrantValues,
  type SecretName,
} from '../../lambdas/grants.js';
import { TRACER_PACKAGE } from '../../lambdas/shared/tracer.js';
import { LAMBDA_BUNDLING } from '../bundling.js';
import { nagRef } from '../nag.js';
import { fromRepoRoot } from '../paths.js';

/** What a function's grants can point at. Only the targets a function's grants name are required. */
export interface GrantTargets {
  /** The single table. Required by `grants.table` and `grants.tableItems`. */
  readonly table?: dynamodb.ITable;
  /** The private documents bucket. Required by `grants.documents`. */
  readonly documents?: s3.IBucket;
  /** The charge → payment → filing workflow. Required by `grants.workflow`. */
  readonly stateMachine?: sfn.IStateMachine;
  /** The verified SES sender. Required by `grants.email`. */
  readonly email?: {
    readonly senderEmail: string;
    readonly identityArn: string;
    /** The configuration set every message names (bounce and complaint events); IAM must allow sending through it. */
    readonly configurationSet?: { readonly name: string; readonly arn: string };
  };
  /** The SPA's public URL, for every link the product sends. Required by `grants.email` and `grants.appLinks`. */
  readonly appUrl?: string;
  /** The company identity as JSON (domain/company.ts). Required by `grants.email` and `grants.appLinks`. */
  readonly company?: string;
  /** The user pool. Required by `grants.userPool` and `grants.adminMembership`. */
  readonly userPool?: cognito.IUserPool;
  /** The WebSocket API's management endpoint and the ARN pattern of its connections. Required by `grants.push`. */
  readonly push?: { readonly endpoint: string; readonly connectionsArn: string };
  /** Whose id tokens a function may verify itself (the user pool's issuer and the SPA's client id). */
  readonly tokens?: { readonly issuer: string; readonly audience: string };
  /** Base URL of the Asaas API (sandbox or production). Required by `grants.asaas`. */
  readonly asaasApiUrl?: string;
  /** Base URL of the postal-code service. Required by `grants.postalCode`. */
  readonly postalCodeApiUrl?: string;
  /** Base URL of the CNJ's DataJud public API. Required by `grants.datajud`. */
  readonly datajudApiUrl?: string;
  /** The ad platforms' endpoints and account ids. Required by `grants.conversions`. */
  readonly conversions?: ConversionsSettings;
  /** The WhatsApp Cloud API's base URL and our phone-number id. Required by `grants.whatsapp`. */
  readonly whatsapp?: WhatsAppSettings;
  /** Secrets Manager secrets by name. Required for every secret a function's grants name. */
  readonly secrets?: Partial<Record<SecretName, secretsmanager.ISecret>>;
}

/**
 * The installed tracer's version: the layer must bring the very version the code was written and tested against.
 * Powertools publishes each version's layer ARN, per region, as a public SSM parameter.
 */
const POWERTOOLS_VERSION = (
  JSON.parse(readFileSync(fromRepoRoot(`node_modules/${TRACER_PACKAGE}/package.json`), 'utf8')) as { version: string }
).version;
export const POWERTOOLS_LAYER_PARAMETER = `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`;

/** Powertools' own layer (tracer and X-Ray SDK), once per stack, for the functions that load the tracer. */
function powertoolsLayer(scope: Construct): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsLayer';
  return (
    (stack.node.tryFindChild(id) as lambda.ILayerVersion | undefined) ??
    lambda.LayerVersion.fromLayerVersionArn(
      stack,
      id,
      ssm.StringParameter.valueForStringParameter(stack, POWERTOOLS_LAYER_PARAMETER),
    )
  );
}

/** The values the one grants → environment mapping (lambdas/grants.ts) needs, read off the CDK targets. */
export function grantValuesOf(targets: GrantTargets): GrantValues {
  return {
    tableName: targets.table?.tableName,
    documentsBucket: targets.documents?.bucketName,
    stateMachineArn: targets.stateMachine?.stateMachineArn,
    emailFrom: targets.email?.senderEmail,
    emailConfigurationSet: targets.email?.configurationSet?.name,
    appUrl: targets.appUrl,
    company: targets.company,
    userPoolId: targets.userPool?.userPoolId,
    pushEndpoint: targets.push?.endpoint,
    tokenIssuer: targets.tokens?.issuer,
    tokenAudience: targets.tokens?.audience,
    asaasApiUrl: targets.asaasApiUrl,
    postalCodeApiUrl: targets.postalCodeApiUrl,
    datajudApiUrl: targets.datajudApiUrl,
    conversions: targets.conversions,
    whatsapp: targets.whatsapp,
    secret: (name) => {
      const secret = targets.secrets?.[name];
      return secret ? { arn: secret.secretArn } : undefined;
    },
  };
}

export interface ServiceFunctionProps {
  /** Handler module, relative to the repository root (as in `lambdas/functions.ts`); it exports `handler`. */
  readonly entry: string;
  /** Deployment stage, always exposed to the handler as `STAGE`. */
  readonly stage: string;
  /**
   * Extra environment variables, merged over the defaults (never replacing them).
   * @default - only STAGE
   */
  readonly environment?: Record<string, string>;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default Duration.seconds(10) */
  readonly timeout?: Duration;
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: logs.RetentionDays;
  /** @default - no description */
  readonly description?: string;
}

/**
 * A NodejsFunction with the project's safe defaults (Node 24 on ARM64, minified ESM bundle with source
 * maps, its own log group with retention) and one call that turns the catalogue's `FunctionGrants` into
 * least-privilege IAM plus the environment variables the handler reads.
 */
export class ServiceFunction extends NodejsFunction {
  private ownLogGroup?: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    const baseProps: NodejsFunctionProps = {
      entry: fromRepoRoot(props.entry),
      handler: 'handler',
      projectRoot: fromRepoRoot('.'),
      depsLockFilePath: fromRepoRoot('package-lock.json'),
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      description: props.description,
      // X-Ray active tracing: the function's segment; the Powertools tracer adds a subsegment per outgoing fetch.
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        ...props.environment,
        [ENV.stage]: props.stage,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: LAMBDA_BUNDLING.target,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        banner: LAMBDA_BUNDLING.banner,
        minify: LAMBDA_BUNDLING.minify,
        sourceMap: LAMBDA_BUNDLING.sourceMap,
        sourcesContent: LAMBDA_BUNDLING.sourcesContent,
        esbuildArgs: Object.fromEntries(
          Object.entries(LAMBDA_BUNDLING.alias).map(([name, path]) => [`--alias:${name}`, path]),
        ),
        externalModules: [...LAMBDA_BUNDLING.external],
        loader: { ...LAMBDA_BUNDLING.loader },
      },
    };
    super(scope, id, baseProps);

    // A dedicated group (instead of the implicit /aws/lambda/<name>) gives a retention policy without
    // CDK's LogRetention singleton function. It cannot be passed as the `logGroup` prop because children
    // of `this` only exist after super(), so it is wired on the L1 resource instead (same template).
    // Not 'LogGroup': the inherited getter would create a child with that id if anything called it first.
    this.ownLogGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
    });
    (this.node.defaultChild as lambda.CfnFunction).loggingConfig = { logGroup: this.ownLogGroup.logGroupName };

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permission; every other statement of the role names its resources.',
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        'AWSLambdaBasicExecutionRole only allows writing CloudWatch Logs and gives no data access; NodejsFunction attaches it to the role it creates itself.',
    });
  }

  /** The function's own log group (the inherited getter would import an unused /aws/lambda/<name> group). */
  override get logGroup(): logs.ILogGroup {
    return this.ownLogGroup ?? super.logGroup;
  }

  /**
   * Applies a catalogue entry's grants: least-privilege IAM on exactly the named resources, plus the environment
   * the handler reads to reach them — computed by `environmentFor`, the mapping the local runtime uses too.
   */
  applyGrants(grants: FunctionGrants, targets: GrantTargets): this {
    // The tracer is loaded from Powertools' layer on the first call out, not bundled (lambdas/shared/tracer.ts).
    if (leavesAws(grants)) this.addLayers(powertoolsLayer(this));
    if (grants.table) {
      const table = required(targets.table, 'table', this);
      // The table and its indexes (Table.grant adds `<table>/index/*`); the actions are the catalogue's, never Scan.
      table.grant(this, ...TABLE_ACTIONS[grants.table].map((action) => `dynamodb:${action}`));
      this.acknowledgeWildcard(
        `Resource::${nagRef(this, table.tableArn)}/index/*`,
        'Queries on the GSIs (gsi1, gsi2) need the index ARNs; the wildcard covers only the indexes of this one table.',
      );
    }

    for (const items of tableItemGrantsOf(grants)) {
      const table = required(targets.table, 'table', this);
      const leadingKeys = (prefixes: readonly string[]) => ({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((p) => `${p}*`) },
      });
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: items.actions.map((action) => `dynamodb:${action}`),
          resources: [table.tableArn],
          conditions: leadingKeys(items.pkPrefixes),
        }),
      );
      // On an index, LeadingKeys is the index's partition key: one statement per index, with that index's prefixes.
      for (const [index, prefixes] of Object.entries(items.indexes ?? {})) {
        this.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['dynamodb:Query'],
            resources: [`${table.tableArn}/index/${index}`],
            conditions: leadingKeys(prefixes),
          }),
        );
      }
    }

    if (grants.documents) {
      const bucket = required(targets.documents, 'documents', this);
      // Explicit object actions instead of bucket.grantRead/grantReadWrite, whose s3:List*/GetBucket*/
      // DeleteObject* wildcards are far wider than "read or write a contract PDF".
      // Erasing deletes every version of an object (the bucket is versioned): DeleteObjectVersion; DeleteObject for
      // the null version of an object written before versioning.
      const actions =
        grants.documents === 'read'
          ? ['s3:GetObject']
          : grants.documents === 'erase'
            ? ['s3:DeleteObject', 's3:DeleteObjectVersion']
            : grants.documents === 'kit'
              ? ['s3:GetObject', 's3:PutObject', 's3:GetObjectTagging']
              : grants.documents === 'kitRead'
                ? ['s3:GetObject', 's3:GetObjectTagging']
                : ['s3:GetObject', 's3:PutObject'];
      // The filing kit's functions reach only the customers' prefix (their uploads and converted PDFs).
      const kitOnly = grants.documents === 'kit' || grants.documents === 'kitRead';
      const objects = kitOnly ? bucket.arnForObjects('customers/*') : bucket.arnForObjects('*');
      // Erasing lists the versions under a client's prefixes first (ListBucketVersions is a bucket-level action).
      if (grants.documents === 'erase') {
        this.addToRolePolicy(
          new iam.PolicyStatement({ actions: ['s3:ListBucketVersions'], resources: [bucket.bucketArn] }),
        );
      }
      this.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [objects] }));
      this.acknowledgeWildcard(
        `Resource::${nagRef(this, objects)}`,
        'Document keys are generated per contract at run time, so object actions are scoped to the objects of this one bucket.',
      );
    }

    if (grants.workflow) {
      const stateMachine = required(targets.stateMachine, 'stateMachine', this);
      if (grants.workflow === 'stop') {
        // Executions are named after charges at run time: every execution of this one state machine, and only these
        // two actions on them.
        const stack = Stack.of(this);
        const machineName = stack.splitArn(stateMachine.stateMachineArn, ArnFormat.COLON_RESOURCE_NAME).resourceName;
        const executions = stack.formatArn({
          service: 'states',
          resource: 'execution',
          resourceName: `${machineName}:*`,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        });
        this.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['states:DescribeExecution', 'states:StopExecution'],
            resources: [executions],
          }),
        );
        this.acknowledgeWildcard(
          `Resource::${nagRef(this, executions)}`,
          'Executions are named after charges at run time; the wildcard covers the executions of this one state machine.',
        );
      } else {
        if (grants.workflow !== 'callback') stateMachine.grantStartExecution(this);
        // Task-token callbacks (SendTaskSuccess/Failure/Heartbeat): the token names the execution; IAM
        // pins the caller to this one state machine.
        if (grants.workflow !== 'start') stateMachine.grantTaskResponse(this);
      }
    }

    if (grants.email) {
      const email = required(targets.email, 'email', this);
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          // SES v2 authorizes a send against the identity and, when one is named, the configuration set.
          resources: [email.identityArn, ...(email.configurationSet ? [email.configurationSet.arn] : [])],
        }),
      );
    }

    if (grants.userPool) {
      const userPool = required(targets.userPool, 'userPool', this);
      // 'read': the admin group's members (their addresses, for alerts), nothing about other users. 'manage' (a client's
      // deletion): check that the target is not an admin, then delete it; it never reads the admins' list.
      const actions =
        grants.userPool === 'read'
          ? ['cognito-idp:ListUsersInGroup']
          : ['cognito-idp:AdminListGroupsForUser', 'cognito-idp:AdminDeleteUser'];
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions,
          resources: [userPool.userPoolArn],
        }),
      );
    }

    // An admin route's check of its caller's groups. A client's deletion ('manage') holds the action already.
    if (grants.adminMembership && grants.userPool !== 'manage') {
      const userPool = required(targets.userPool, 'userPool', this);
      this.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['cognito-idp:AdminListGroupsForUser'], resources: [userPool.userPoolArn] }),
      );
    }

    if (grants.push) {
      const push = required(targets.push, 'push', this);
      this.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [push.connectionsArn] }),
      );
    }

    for (const name of secretsOf(grants)) {
      const secret = targets.secrets?.[name];
      if (!secret)
        throw new Error(
          `${this.node.path}: its catalogue grants need the secret "${name}", which was not passed to applyGrants.`,
        );
      secret.grantRead(this);
    }

    for (const [name, value] of Object.entries(environmentFor(this.node.path, grants, grantValuesOf(targets)))) {
      this.addEnvironment(name, value);
    }
    return this;
  }

  private acknowledgeWildcard(findingId: string, reason: string): void {
    Validations.of(this).acknowledge({ id: `AwsSolutions-IAM5[${findingId}]`, reason });
  }
}

function required<T>(value: T | undefined, name: keyof GrantTargets, fn: Construct): T {
  if (value === undefined) {
    throw new Error(`${fn.node.path}: its catalogue grants need "${name}", which was not passed to applyGrants.`);
  }
  return value;
}
