// Data: the table and the buckets.
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { GSI_NAMES, TABLE_GSIS, TABLE_KEYS } from '../../lib/constructs/data.js';
import { logicalId, type SynthesizedBaixa } from './helpers.js';
import { stage, type Json, resources } from './stage.js';

let s: SynthesizedBaixa;
beforeAll(() => {
  s = stage();
});

describe('Data', () => {
  it('one on-demand, encrypted, PITR-protected table with TTL and both GSIs, retained', () => {
    s.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    s.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    });
    const [table] = Object.values(resources('AWS::DynamoDB::Table'));
    const gsis = table!.Properties.GlobalSecondaryIndexes as {
      IndexName: string;
      KeySchema: Json[];
      Projection: Json;
    }[];
    expect(gsis.map((g) => g.IndexName).sort()).toEqual([...GSI_NAMES].sort());
    for (const gsi of gsis) {
      const keys = TABLE_GSIS[gsi.IndexName as keyof typeof TABLE_GSIS];
      expect(gsi.KeySchema).toEqual([
        { AttributeName: keys.partitionKey, KeyType: 'HASH' },
        { AttributeName: keys.sortKey, KeyType: 'RANGE' },
      ]);
      expect(gsi.Projection).toEqual({ ProjectionType: 'ALL' });
    }
  });

  it('every bucket blocks public access, is encrypted and refuses plain HTTP', () => {
    const buckets = resources('AWS::S3::Bucket');
    const policies = Object.values(resources('AWS::S3::BucketPolicy'));
    expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(3);
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption, id).toBeDefined();
      const denyHttp = policies
        .filter((p) => (p.Properties.Bucket as { Ref?: string }).Ref === id)
        .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Json[] }).Statement)
        .find(
          (st) => st.Effect === 'Deny' && JSON.stringify(st.Condition) === '{"Bool":{"aws:SecureTransport":"false"}}',
        );
      expect(denyHttp, `${id} has no SSL-only statement`).toBeDefined();
    }
  });

  it('the documents bucket is versioned, retained and logs access', () => {
    const documents = resources('AWS::S3::Bucket')[logicalId(s.stack.data.documents)]!;
    expect(documents.DeletionPolicy).toBe('Retain');
    expect(documents.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(documents.Properties.LoggingConfiguration).toMatchObject({
      DestinationBucketName: { Ref: logicalId(s.stack.accessLogs.bucket) },
    });
  });

  it('the documents bucket takes browser uploads from the app only, and the malware scan gates them', () => {
    const id = logicalId(s.stack.data.documents);
    const documents = resources('AWS::S3::Bucket')[id]!;
    const [rule] = (documents.Properties.CorsConfiguration as { CorsRules: Json[] }).CorsRules;
    expect(rule).toMatchObject({ AllowedMethods: ['POST'], AllowedHeaders: ['*'] });
    expect((rule!.AllowedOrigins as unknown[]).length).toBe(1);
    expect(JSON.stringify(documents.Properties.LifecycleConfiguration)).toContain('"Prefix":"customers/"');

    const [plan] = Object.values(resources('AWS::GuardDuty::MalwareProtectionPlan'));
    expect(plan!.Properties).toMatchObject({
      ProtectedResource: { S3Bucket: { BucketName: { Ref: id }, ObjectPrefixes: ['customers/'] } },
      Actions: { Tagging: { Status: 'ENABLED' } },
    });
    const gate = Object.values(resources('AWS::S3::BucketPolicy'))
      .filter((p) => (p.Properties.Bucket as { Ref?: string }).Ref === id)
      .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Json[] }).Statement)
      .find((st) => st.Sid === 'KitUploadsOnlyAfterMalwareScan');
    expect(gate).toMatchObject({
      Effect: 'Deny',
      Action: ['s3:GetObject', 's3:GetObjectVersion'],
      Condition: { StringNotEquals: { 's3:ExistingObjectTag/GuardDutyMalwareScanStatus': 'NO_THREATS_FOUND' } },
    });
  });
});
