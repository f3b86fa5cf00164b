// Every function's IAM actions, pinned.
import { describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS } from '../../lambdas/functions.js';
import { TABLE_ACTIONS } from '../../lambdas/grants.js';
import { asArray } from './helpers.js';
import { serviceFunctionNamed, statementsOf, type Json } from './stage.js';

/**
 * Every function's IAM actions, pinned (docs/decisions.md, "Least privilege on the table"): a grant that widens or
 * narrows shows up here for review. Shorthand: `table:read` / `table:readwrite` / `table:erase` = the table-wide grants
 * of `TABLE_ACTIONS` (every key, every index; never Scan, and BatchWriteItem in `erase` only); `dynamodb:X` alone = a
 * `tableItems` action, scoped by partition-key prefix; `secrets` = reading named secrets. `table:erase` is the two
 * deletions (every partition a client's pointers name); docs/decisions.md, Least privilege on the table, says which
 * functions stay table-wide and why.
 */
const PINNED_ACTIONS: Record<string, string> = {
  GetHealth: 'secrets',
  GetDashboard: 'table:read secrets',
  GetProfile: 'dynamodb:GetItem secrets',
  CreateProfile: 'dynamodb:ConditionCheckItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem secrets',
  UpdateProfile: 'dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem secrets',
  LookupPostalCode: 'secrets',
  SignContract:
    'dynamodb:GetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem s3:GetObject s3:PutObject ses:SendEmail ses:SendRawEmail secrets',
  GetContractPdf: 'dynamodb:GetItem s3:GetObject secrets',
  DownloadContractByLink: 'dynamodb:GetItem s3:GetObject secrets',
  GetFilingDocument: 'dynamodb:GetItem secrets',
  CancelContract:
    'dynamodb:ConditionCheckItem dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem ses:SendEmail ses:SendRawEmail states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  CreateCharge:
    'dynamodb:ConditionCheckItem dynamodb:GetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  VerifyCharge:
    'dynamodb:ConditionCheckItem dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  StartFreeRenewal: 'dynamodb:ConditionCheckItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem secrets',
  StartPaidRenewal: 'dynamodb:ConditionCheckItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem secrets',
  GetReferrals: 'table:read secrets',
  InviteReferral:
    'dynamodb:ConditionCheckItem dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem ses:SendEmail ses:SendRawEmail secrets',
  GetAdminSummary: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  GetAdminToday: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  ListAdminClients: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  GetAdminClient: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  SearchAdmin: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  GetAdminContractPdf: 'dynamodb:GetItem cognito-idp:AdminListGroupsForUser s3:GetObject secrets',
  DeleteAdminClient:
    'table:erase cognito-idp:AdminDeleteUser cognito-idp:AdminListGroupsForUser s3:DeleteObject s3:DeleteObjectVersion s3:ListBucketVersions states:DescribeExecution states:StopExecution secrets',
  ListAdminProcesses: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  ListAdminReferrals: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  ChangeAdminProcessStatus:
    'table:read dynamodb:PutItem dynamodb:UpdateItem cognito-idp:AdminListGroupsForUser secrets',
  ListAdminCharges: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  GetAdminReconciliation: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  GetAdminFinanceSummary: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  MarkAdminChargePaid:
    'table:read dynamodb:PutItem dynamodb:UpdateItem cognito-idp:AdminListGroupsForUser states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  VerifyAdminCharge:
    'table:read dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem cognito-idp:AdminListGroupsForUser states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  RefundAdminCharge:
    'dynamodb:BatchGetItem dynamodb:ConditionCheckItem dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem cognito-idp:AdminListGroupsForUser states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  ListOrphanPayments: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  RefundOrphanPayment: 'table:read dynamodb:PutItem dynamodb:UpdateItem cognito-idp:AdminListGroupsForUser secrets',
  LookupProcess: 'dynamodb:GetItem dynamodb:Query dynamodb:UpdateItem secrets',
  IssueNadaConsta:
    'dynamodb:BatchGetItem dynamodb:ConditionCheckItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem s3:GetObject s3:PutObject ses:SendEmail ses:SendRawEmail secrets',
  VerifyNadaConsta: 'dynamodb:BatchGetItem dynamodb:GetItem dynamodb:UpdateItem secrets',
  ReceiveAsaasWebhook:
    'dynamodb:ConditionCheckItem dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  RecordConversion: 'dynamodb:UpdateItem secrets',
  AwaitPayment:
    'dynamodb:GetItem dynamodb:UpdateItem states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess',
  ConfirmPayment:
    'dynamodb:ConditionCheckItem dynamodb:GetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem ses:SendEmail ses:SendRawEmail secrets',
  StartFiling: 'dynamodb:GetItem',
  CheckFiling: 'dynamodb:GetItem dynamodb:PutItem',
  connectLive: 'dynamodb:PutItem',
  disconnectLive: 'dynamodb:DeleteItem dynamodb:GetItem',
  publishChanges:
    'table:readwrite dynamodb:DescribeStream dynamodb:GetRecords dynamodb:GetShardIterator dynamodb:ListStreams cognito-idp:ListUsersInGroup execute-api:ManageConnections ses:SendEmail ses:SendRawEmail sqs:GetQueueAttributes sqs:GetQueueUrl sqs:SendMessage secrets',
  customMessage: 'dynamodb:PutItem',
  defineAuthChallenge: '',
  createAuthChallenge:
    'dynamodb:PutItem dynamodb:UpdateItem cognito-idp:AdminGetUser cognito-idp:AdminListGroupsForUser ses:SendEmail ses:SendRawEmail secrets',
  verifyAuthChallengeResponse:
    'dynamodb:UpdateItem cognito-idp:AdminGetUser cognito-idp:AdminListGroupsForUser secrets',
  preTokenGeneration:
    'dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem cognito-idp:AdminGetUser cognito-idp:AdminListGroupsForUser ses:SendEmail ses:SendRawEmail',
  postConfirmation: 'dynamodb:UpdateItem ses:SendEmail ses:SendRawEmail',
  ReconcilePayments:
    'dynamodb:BatchGetItem dynamodb:ConditionCheckItem dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  SyncCourtCases: 'dynamodb:BatchGetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem secrets',
  SendReminders: 'dynamodb:GetItem dynamodb:Query dynamodb:UpdateItem ses:SendEmail ses:SendRawEmail secrets',
  ExportMyData: 'table:read s3:GetObject secrets',
  GetMyErasureRequest: 'table:read secrets',
  RequestErasure: 'table:read dynamodb:PutItem dynamodb:UpdateItem ses:SendEmail ses:SendRawEmail secrets',
  ListErasureRequests: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  ExecuteErasureRequest:
    'table:erase cognito-idp:AdminDeleteUser cognito-idp:AdminListGroupsForUser s3:DeleteObject s3:DeleteObjectVersion s3:ListBucketVersions states:DescribeExecution states:StopExecution secrets',
  ReportBrowserError: 'dynamodb:UpdateItem secrets',
  UnsubscribeInvites: 'table:read dynamodb:PutItem dynamodb:UpdateItem secrets',
  ReceiveEmailFeedback: 'dynamodb:PutItem',
  GetMyKit: 'dynamodb:Query secrets',
  CreateKitUpload: 'dynamodb:Query dynamodb:UpdateItem s3:GetObject s3:GetObjectTagging s3:PutObject secrets',
  ConfirmKitUpload:
    'dynamodb:GetItem dynamodb:PutItem dynamodb:Query s3:GetObject s3:GetObjectTagging s3:PutObject secrets',
  GetAdminKitFile:
    'dynamodb:GetItem dynamodb:Query dynamodb:UpdateItem cognito-idp:AdminListGroupsForUser s3:GetObject secrets',
  ReviewKitItem:
    'dynamodb:GetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem cognito-idp:AdminListGroupsForUser ses:SendEmail ses:SendRawEmail secrets',
  GetMyKitFile: 'dynamodb:GetItem dynamodb:Query s3:GetObject s3:GetObjectTagging secrets',

  ListAdminInvoiceProblems: 'table:read cognito-idp:AdminListGroupsForUser secrets',
  RetryAdminInvoice: 'dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem cognito-idp:AdminListGroupsForUser secrets',

  GetMyWhatsApp: 'dynamodb:GetItem secrets',
  SetMyWhatsApp: 'dynamodb:GetItem dynamodb:UpdateItem secrets',
  GetAdminClientWhatsApp: 'dynamodb:GetItem dynamodb:Query cognito-idp:AdminListGroupsForUser secrets',
  AnswerAdminClientWhatsAppReply: 'dynamodb:GetItem dynamodb:UpdateItem cognito-idp:AdminListGroupsForUser secrets',
  VerifyWhatsAppWebhook: 'secrets',
  ReceiveWhatsAppWebhook: 'dynamodb:GetItem dynamodb:UpdateItem secrets',
  // 'Executar agora': the nightly run's grants (its own code), the admin check, and the audit record.
  RunAdminReconciliation:
    'dynamodb:BatchGetItem dynamodb:ConditionCheckItem dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem cognito-idp:AdminListGroupsForUser states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
};

describe('each function’s IAM actions', () => {
  const READ = [...TABLE_ACTIONS.read].map((a) => `dynamodb:${a}`);
  const READWRITE = [...TABLE_ACTIONS.readwrite].map((a) => `dynamodb:${a}`);
  const ERASE = [...TABLE_ACTIONS.erase].map((a) => `dynamodb:${a}`);
  const SECRETS = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
  // X-Ray's two actions are every function's (active tracing; test/cdk/observability.test.ts), so not repeated here.
  const XRAY = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];
  /** A `tableItems` statement: pinned to partition-key prefixes, so never read as a table-wide grant. */
  const scoped = (st: Json) => JSON.stringify(st.Condition ?? {}).includes('dynamodb:LeadingKeys');
  const compact = (statements: Json[]): string => {
    const actionsIn = (list: Json[]) =>
      list.flatMap((st) => asArray(st.Action as string | string[])).filter((a) => !XRAY.includes(a));
    let tableWide = new Set(actionsIn(statements.filter((st) => !scoped(st))));
    const words: string[] = [];
    const take = (group: string[], word: string) => {
      if (!group.every((a) => tableWide.has(a))) return false;
      tableWide = new Set([...tableWide].filter((a) => !group.includes(a)));
      words.push(word);
      return true;
    };
    if (!take(ERASE, 'table:erase') && !take(READWRITE, 'table:readwrite')) take(READ, 'table:read');
    const rest = new Set([...tableWide, ...actionsIn(statements.filter(scoped))]);
    const dynamo = [...rest].filter((a) => a.startsWith('dynamodb:')).sort();
    const others = [...rest].filter((a) => !a.startsWith('dynamodb:') && !SECRETS.includes(a)).sort();
    const secrets = SECRETS.every((a) => rest.has(a)) ? ['secrets'] : [];
    return [...words, ...dynamo, ...others, ...secrets].join(' ');
  };

  it.each(ALL_FUNCTIONS.map((fn) => [fn.name] as const))('%s', (name) => {
    const pinned = compact(statementsOf(serviceFunctionNamed(name)));
    expect(pinned).toBe(PINNED_ACTIONS[name]);
  });

  it('pins every function of the catalogue, and no other', () => {
    expect(Object.keys(PINNED_ACTIONS).sort()).toEqual(ALL_FUNCTIONS.map((fn) => fn.name).sort());
  });
});
