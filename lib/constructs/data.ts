import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as guardduty from 'aws-cdk-lib/aws-guardduty';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

import { TABLE_GSIS, TABLE_KEYS } from '../../lambdas/shared/data/table.js';
import { nagRef } from '../nag.js';

// The key names have one home, beside the data-access layer that gives them meaning.
export { GSI_NAMES, TABLE_GSIS, TABLE_KEYS, type TableGsiName } from '../../lambdas/shared/data/table.js';

export interface DataProps {
  /** Bucket that receives the documents bucket's S3 server access logs. */
  readonly accessLogsBucket: s3.IBucket;
  /**
   * Refuse `DeleteTable` even from CloudFormation. Only a throwaway test stage should turn it off.
   * @default true
   */
  readonly deletionProtection?: boolean;
  /**
   * The SPA's origin, the only one whose browser may POST the filing kit's uploads straight to the bucket (CORS).
   * @default - no CORS rule: no browser upload
   */
  readonly appOrigin?: string;
}

/** Where the filing kit's uploads land (lambdas/kit/kit-service.ts, `kitKeys`): what the malware scan gates. */
const KIT_UPLOADS = 'customers/*/kit/uploads/*';
/** The tag GuardDuty Malware Protection for S3 writes (lambdas/providers/documents.ts, MALWARE_SCAN_TAG). */
const MALWARE_SCAN_TAG = 'GuardDutyMalwareScanStatus';

/** The single DynamoDB table and the private documents bucket (contracts, receipts, filings). */
export class Data extends Construct {
  readonly table: dynamodb.Table;
  readonly documents: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      // Customer data (CPF, contracts, payments) must survive a bad deploy or a buggy migration.
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.deletionProtection ?? true,
      removalPolicy: RemovalPolicy.RETAIN,
      // The aws/dynamodb KMS key gives CloudTrail-auditable encryption without a customer key's
      // monthly cost and key-policy upkeep; nothing here needs cross-account key sharing.
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      // Magic-link tokens, rate-limit markers and idempotency records expire by themselves.
      timeToLiveAttribute: TABLE_KEYS.ttl,
      // The live channel's consumer (lib/constructs/live.ts) reads every change, with the image before it.
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
    });
    for (const [indexName, keys] of Object.entries(TABLE_GSIS)) {
      this.table.addGlobalSecondaryIndex({
        indexName,
        partitionKey: { name: keys.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: keys.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.documents = new s3.Bucket(this, 'Documents', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Signed contracts are legal evidence: an overwrite or delete must stay recoverable.
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'documents/',
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        // A customer's files are never overwritten (each upload has its own key); an old version only exists after a
        // deletion, which erases every version itself: this only sweeps what an interrupted deletion left.
        { prefix: 'customers/', noncurrentVersionExpiration: Duration.days(30) },
      ],
      // The filing kit's uploads go from the browser straight to S3 with a presigned POST: only the app's
      // origin may send them. Downloads are top-level navigations to signed links, which need no CORS.
      cors: props.appOrigin
        ? [
            {
              allowedMethods: [s3.HttpMethods.POST],
              allowedOrigins: [props.appOrigin],
              allowedHeaders: ['*'],
              maxAge: 3000,
            },
          ]
        : undefined,
    });

    // GuardDuty Malware Protection for S3 scans every object written under customers/ and tags it with its verdict.
    const scanner = new iam.Role(this, 'MalwareScanRole', {
      assumedBy: new iam.ServicePrincipal('malware-protection-plan.guardduty.amazonaws.com'),
      description: 'GuardDuty Malware Protection for S3: read and tag the documents bucket objects it scans',
    });
    // The permissions GuardDuty documents for a plan's role: the EventBridge rule it manages, the bucket's
    // notification (its validation), and reading and tagging the objects.
    scanner.addToPolicy(
      new iam.PolicyStatement({
        actions: ['events:PutRule', 'events:DeleteRule', 'events:PutTargets', 'events:RemoveTargets'],
        resources: [`arn:aws:events:*:*:rule/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*`],
        conditions: { StringLike: { 'events:ManagedBy': 'malware-protection-plan.guardduty.amazonaws.com' } },
      }),
    );
    scanner.addToPolicy(
      new iam.PolicyStatement({
        actions: ['events:DescribeRule', 'events:ListTargetsByRule'],
        resources: [`arn:aws:events:*:*:rule/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*`],
      }),
    );
    scanner.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutBucketNotification', 's3:GetBucketNotification', 's3:ListBucket'],
        resources: [this.documents.bucketArn],
      }),
    );
    scanner.addToPolicy(
      new iam.PolicyStatement({
        actions: [
          's3:GetObject',
          's3:GetObjectVersion',
          's3:GetObjectTagging',
          's3:GetObjectVersionTagging',
          's3:PutObjectTagging',
          's3:PutObjectVersionTagging',
        ],
        resources: [this.documents.arnForObjects('customers/*')],
      }),
    );
    scanner.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [this.documents.arnForObjects('malware-protection-resource-validation-object')],
      }),
    );
    Validations.of(scanner).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::arn:aws:events:*:*:rule/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*]',
        reason:
          'The EventBridge rule GuardDuty creates for the plan has a name it chooses under this prefix, in the account and region of the bucket; the rule actions are also conditioned on events:ManagedBy being the malware protection service.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::${nagRef(this, this.documents.arnForObjects('customers/*'))}]`,
        reason:
          "GuardDuty reads and tags every object it scans: the customers' uploads, under the customers/ prefix only (the filing kit's files), never the rest of the bucket.",
      },
    );
    const plan = new guardduty.CfnMalwareProtectionPlan(this, 'MalwareProtection', {
      role: scanner.roleArn,
      protectedResource: { s3Bucket: { bucketName: this.documents.bucketName, objectPrefixes: ['customers/'] } },
      actions: { tagging: { status: 'ENABLED' } },
    });
    plan.node.addDependency(scanner);

    // Nobody but the scanner reads an upload before its verdict is 'no threats' (the scan's tag gates it).
    this.documents.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'KitUploadsOnlyAfterMalwareScan',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:GetObject', 's3:GetObjectVersion'],
        resources: [this.documents.arnForObjects(KIT_UPLOADS)],
        conditions: {
          StringNotEquals: { [`s3:ExistingObjectTag/${MALWARE_SCAN_TAG}`]: 'NO_THREATS_FOUND' },
          ArnNotEquals: { 'aws:PrincipalArn': scanner.roleArn },
        },
      }),
    );
  }
}
