import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

import { TABLE_GSIS, TABLE_KEYS } from '../../lambdas/shared/data/table.js';

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
}

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
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7) }],
    });
  }
}
