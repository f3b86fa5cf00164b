import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface AccessLogsProps {
  /**
   * How long S3 server access logs and CloudFront logs are kept. Marco Civil da Internet (Lei 12.965/2014,
   * art. 15) obliges application providers to keep access records for at least 6 months; LGPD
   * minimisation argues against keeping IP addresses much longer.
   * @default Duration.days(365)
   */
  readonly retention?: Duration;
}

/**
 * One bucket that receives S3 server access logs and CloudFront standard logs for the stage, so every
 * bucket and the distribution can have access logging without a log bucket each.
 */
export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsProps = {}) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging still delivers through bucket ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        { expiration: props.retention ?? Duration.days(365) },
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ],
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log destination; logging it into itself would loop and another log bucket would only move the problem.',
    });
  }
}

/**
 * The fields every API Gateway stage logs (HTTP and WebSocket): who (IP, user agent), when, what and how it went. Marco
 * Civil da Internet (art. 15) asks for IP and time; query strings are never logged (the live channel's carries a token).
 */
export function apiAccessLogFormat(extra: Record<string, string> = {}): string {
  return JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    requestTime: '$context.requestTime',
    routeKey: '$context.routeKey',
    status: '$context.status',
    ...extra,
    integrationError: '$context.integrationErrorMessage',
  });
}
