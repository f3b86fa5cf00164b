/**
 * Grants: what a function may reach. They drive BOTH its IAM policy (lib/constructs/service-function.ts) and its
 * environment (`environmentFor`, used by CDK and by the local runtime alike), so a function can only read the
 * configuration of what it was granted, on AWS and on this machine.
 *
 * Kept free of heavy imports: handlers' configuration readers import the variable names from here.
 */

/**
 * What `tableItems` may grant. A transaction needs the action of each of its items (ConditionCheckItem for a
 * condition check); TransactGetItems needs GetItem. Never Scan nor BatchWriteItem: their requests carry no single
 * partition key to scope, or write many partitions blind.
 */
export type TableItemAction =
  'GetItem' | 'BatchGetItem' | 'Query' | 'ConditionCheckItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem';

/** The table's global secondary indexes by name (lambdas/shared/data/table.ts, TABLE_GSIS). */
export type TableIndexName = 'gsi1' | 'gsi2';

const TABLE_READ = ['BatchGetItem', 'ConditionCheckItem', 'GetItem', 'Query'] as const;
const TABLE_WRITE = [...TABLE_READ, 'DeleteItem', 'PutItem', 'UpdateItem'] as const;

/**
 * The table-wide grants, every key and index: explicit lists rather than CDK's grantReadData / grantReadWriteData,
 * which add Scan (no code scans: a Scan reads every customer) and BatchWriteItem (blind writes to many partitions).
 * 'erase' is for the two deletions alone, which remove every item a client's pointers name 25 at a time. Stream reads
 * come with the stream consumer's event source, not from here.
 */
export const TABLE_ACTIONS = {
  read: TABLE_READ,
  readwrite: TABLE_WRITE,
  erase: [...TABLE_WRITE, 'BatchWriteItem'],
} as const;

/** One request to the table as IAM authorizes it: the action, and the partition key value (of the index queried). */
export type TableRequest = { readonly action: string; readonly index?: string; readonly partitionKey?: string };

/**
 * Whether a function's grants let it make `request`, as IAM decides it from the policy ServiceFunction writes (the
 * `dynamodb:LeadingKeys` condition compares the partition key of the table, or of the index a Query names). The local
 * runtime refuses what this refuses, so a grant that misses a prefix fails on this machine as it would on AWS.
 */
export function tableGrantAllows(grants: FunctionGrants, request: TableRequest): boolean {
  if (grants.table && (TABLE_ACTIONS[grants.table] as readonly string[]).includes(request.action)) return true;
  const key = request.partitionKey;
  if (key === undefined) return false;
  return tableItemGrantsOf(grants).some((items) => {
    const prefixes = request.index
      ? request.action === 'Query'
        ? items.indexes?.[request.index as TableIndexName]
        : undefined
      : (items.actions as readonly string[]).includes(request.action)
        ? items.pkPrefixes
        : undefined;
    return (prefixes ?? []).some((prefix) => key.startsWith(prefix));
  });
}

/** Secrets live in Secrets Manager on AWS (read once per cold start) and are passed inline locally. */
export const SECRET_NAMES = [
  'magicLinkKey',
  'asaasWebhookToken',
  'asaasApiKey',
  'originVerify',
  'metaConversionsToken',
  'googleAdsDeveloperToken',
  'googleAdsOAuth',
  'rateLimitKey',
  'contractLinkKey',
  'datajudApiKey',
  'whatsappAccessToken',
  'whatsappAppSecret',
  'whatsappVerifyToken',
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** Some item actions on the items whose partition key starts with one of `pkPrefixes`. */
export type TableItemsGrant = {
  readonly actions: readonly TableItemAction[];
  readonly pkPrefixes: readonly string[];
  /** Queries of an index, scoped by the index's own partition key (IAM's LeadingKeys reads that one there). */
  readonly indexes?: { readonly [index in TableIndexName]?: readonly string[] };
};

/** A function's `tableItems` grants as a list (one IAM statement each). */
export function tableItemGrantsOf(grants: FunctionGrants): readonly TableItemsGrant[] {
  if (!grants.tableItems) return [];
  return 'actions' in grants.tableItems ? [grants.tableItems] : grants.tableItems;
}

export type FunctionGrants = {
  readonly table?: keyof typeof TABLE_ACTIONS;
  /**
   * Narrower than `table`, for functions that own a few kinds of item: only these item actions, only on items whose
   * partition key starts with one of these prefixes (IAM `dynamodb:LeadingKeys`); an index only where `indexes` names
   * it, with its own prefixes. Never Scan or BatchWriteItem. The prefixes come from `keys` (lambdas/shared/data/keys.ts).
   */
  readonly tableItems?: TableItemsGrant | readonly TableItemsGrant[];
  /**
   * The private documents bucket (contract PDFs, Nada Consta). 'erase': list the versions and delete them only (a
   * client's deletion: the bucket is versioned), never read or write. 'kit': the filing kit's uploads, under the
   * customers' prefix only: read, write and read the malware scan's tag. 'kitRead': the same prefix, read
   * and the scan's tag only (the owner's own downloads).
   */
  readonly documents?: 'read' | 'readwrite' | 'erase' | 'kit' | 'kitRead';
  /**
   * The charge → payment → filing state machine: start executions and/or answer task tokens; or 'stop': describe and
   * stop its executions (a client's deletion), nothing else.
   */
  readonly workflow?: 'start' | 'callback' | 'start-and-callback' | 'stop';
  /**
   * Send e-mail as the verified sender. Every e-mail links back to the SPA and carries the company's identity, so this
   * also gives `APP_URL` and `COMPANY_IDENTITY`.
   */
  readonly email?: true;
  /** Build links to the SPA and the e-mails Cognito sends (without sending them itself, e.g. CustomMessage). */
  readonly appLinks?: true;
  /** Post to the customers' open WebSocket connections. */
  readonly push?: true;
  /** Verify the user pool's id tokens itself (where no API Gateway authorizer does: the WebSocket's $connect). */
  readonly tokens?: true;
  /**
   * The Cognito user pool. 'read': list the `admin` group's members (their addresses, for alerts: ListUsersInGroup).
   * 'manage': a client's deletion, which checks that its target is no admin and deletes it (AdminListGroupsForUser,
   * AdminDeleteUser), nothing else.
   */
  readonly userPool?: 'read' | 'manage';
  /**
   * Whether one user is in the `admin` group now (AdminListGroupsForUser on the pool, nothing else): every admin route
   * checks its caller is still an admin (`apiHandler`), as a token keeps its groups for an hour. Given to admin routes
   * by the catalogue itself (functions.ts, `withRouteGrants`), never written by hand.
   */
  readonly adminMembership?: true;
  /**
   * Cognito triggers only: read the users and groups of the pool that invokes them (AdminGetUser,
   * AdminListGroupsForUser). The pool's id comes with each event, not from configuration, as the pool is created
   * from its triggers; CDK attaches this in a policy of its own (lib/constructs/auth.ts).
   */
  readonly ownUserPool?: 'read';
  /** The Asaas API (PIX, notas fiscais): its base URL, the API key secret and the company (its fiscal settings). */
  readonly asaas?: true;
  /** The postal-code (CEP) service. */
  readonly postalCode?: true;
  /** The CNJ's DataJud public API (court movements): its base URL and the API key secret. */
  readonly datajud?: true;
  /** Marketing conversions (Meta Conversions API, Google Ads): their endpoints, account ids and tokens. */
  readonly conversions?: true;
  /** WhatsApp Business Cloud API (status notices): its base URL, our phone-number id and the access token. */
  readonly whatsapp?: true;
  readonly secrets?: readonly SecretName[];
};

/**
 * Whether a function's calls leave AWS (the grants that name an outside service): those are traced as X-Ray
 * subsegments (lambdas/shared/tracer.ts), so CDK gives them the layer that carries the tracer.
 */
export function leavesAws(grants: FunctionGrants): boolean {
  return Boolean(grants.asaas || grants.postalCode || grants.datajud || grants.conversions || grants.whatsapp);
}

/** Environment variable names, one home for CDK, the local runtime and the handlers' readers. */
export const ENV = {
  stage: 'STAGE',
  tableName: 'TABLE_NAME',
  documentsBucket: 'DOCUMENTS_BUCKET',
  /** Only where S3 is emulated: s3rver understands path-style addresses only. */
  documentsPathStyle: 'DOCUMENTS_FORCE_PATH_STYLE',
  stateMachineArn: 'STATE_MACHINE_ARN',
  emailFrom: 'EMAIL_FROM',
  /** The SES configuration set every message is sent through (bounce and complaint events, suppression). */
  emailConfigurationSet: 'EMAIL_CONFIGURATION_SET',
  appUrl: 'APP_URL',
  /** The company identity (domain/company.ts) as JSON: e-mails, contracts and documents name the provider. */
  company: 'COMPANY_IDENTITY',
  pushEndpoint: 'PUSH_ENDPOINT',
  tokenIssuer: 'TOKEN_ISSUER',
  tokenAudience: 'TOKEN_AUDIENCE',
  userPoolId: 'USER_POOL_ID',
  asaasApiUrl: 'ASAAS_API_URL',
  postalCodeApiUrl: 'POSTAL_CODE_API_URL',
  datajudApiUrl: 'DATAJUD_API_URL',
  metaConversionsApiUrl: 'META_CONVERSIONS_API_URL',
  metaPixelId: 'META_PIXEL_ID',
  googleAdsApiUrl: 'GOOGLE_ADS_API_URL',
  googleOAuthTokenUrl: 'GOOGLE_OAUTH_TOKEN_URL',
  googleAdsCustomerId: 'GOOGLE_ADS_CUSTOMER_ID',
  googleAdsConversionActions: 'GOOGLE_ADS_CONVERSION_ACTIONS',
  whatsappApiUrl: 'WHATSAPP_API_URL',
  whatsappPhoneNumberId: 'WHATSAPP_PHONE_NUMBER_ID',
} as const;

/** Each secret's variables: the value itself (local runtime) or the ARN of the secret holding it (AWS). */
export const SECRET_ENV: Record<SecretName, { readonly value: string; readonly arn: string }> = {
  magicLinkKey: { value: 'MAGIC_LINK_SECRET', arn: 'MAGIC_LINK_SECRET_ARN' },
  asaasWebhookToken: { value: 'ASAAS_WEBHOOK_TOKEN', arn: 'ASAAS_WEBHOOK_TOKEN_SECRET_ARN' },
  asaasApiKey: { value: 'ASAAS_API_KEY', arn: 'ASAAS_API_KEY_SECRET_ARN' },
  originVerify: { value: 'ORIGIN_VERIFY_SECRET', arn: 'ORIGIN_VERIFY_SECRET_ARN' },
  metaConversionsToken: { value: 'META_CONVERSIONS_TOKEN', arn: 'META_CONVERSIONS_TOKEN_SECRET_ARN' },
  googleAdsDeveloperToken: { value: 'GOOGLE_ADS_DEVELOPER_TOKEN', arn: 'GOOGLE_ADS_DEVELOPER_TOKEN_SECRET_ARN' },
  googleAdsOAuth: { value: 'GOOGLE_ADS_OAUTH', arn: 'GOOGLE_ADS_OAUTH_SECRET_ARN' },
  rateLimitKey: { value: 'RATE_LIMIT_SECRET', arn: 'RATE_LIMIT_SECRET_ARN' },
  contractLinkKey: { value: 'CONTRACT_LINK_SECRET', arn: 'CONTRACT_LINK_SECRET_ARN' },
  datajudApiKey: { value: 'DATAJUD_API_KEY', arn: 'DATAJUD_API_KEY_SECRET_ARN' },
  whatsappAccessToken: { value: 'WHATSAPP_ACCESS_TOKEN', arn: 'WHATSAPP_ACCESS_TOKEN_SECRET_ARN' },
  whatsappAppSecret: { value: 'WHATSAPP_APP_SECRET', arn: 'WHATSAPP_APP_SECRET_SECRET_ARN' },
  whatsappVerifyToken: { value: 'WHATSAPP_VERIFY_TOKEN', arn: 'WHATSAPP_VERIFY_TOKEN_SECRET_ARN' },
};

/**
 * Where the marketing conversions go. The URLs always have a value (the real APIs by default); an account id left out
 * turns that provider into a no-op, so a stage without marketing accounts deploys and runs as is.
 */
export type ConversionsSettings = {
  readonly metaApiUrl: string;
  readonly metaPixelId?: string;
  readonly googleAdsApiUrl: string;
  readonly googleOAuthTokenUrl: string;
  readonly googleAdsCustomerId?: string;
  /** `event=conversionActionId` pairs, comma-separated (e.g. `purchase=123,sign_up=456`); unlisted events skip Google. */
  readonly googleAdsConversionActions?: string;
};

/**
 * Where WhatsApp notices go. The URL always has a value (Meta's Graph API by default); a stage without a phone-number
 * id sends none (consents are still recorded, and the e-mails go as always).
 */
export type WhatsAppSettings = { readonly apiUrl: string; readonly phoneNumberId?: string };

export type SecretSource = { readonly arn: string } | { readonly value: string };

/**
 * The concrete values grants point at: CDK tokens on AWS, local endpoints and names on this machine. A value may be
 * missing where no function of that context may use it; a grant that needs it then fails loudly.
 */
export type GrantValues = {
  readonly tableName?: string;
  readonly documentsBucket?: string;
  readonly documentsPathStyle?: boolean;
  readonly stateMachineArn?: string;
  readonly emailFrom?: string;
  /** The SES configuration set of the sender; where there is none (a bare emulator), mail goes without one. */
  readonly emailConfigurationSet?: string;
  readonly appUrl?: string;
  /** The company identity as JSON (domain/schemas/company.ts). */
  readonly company?: string;
  readonly pushEndpoint?: string;
  readonly tokenIssuer?: string;
  readonly tokenAudience?: string;
  readonly userPoolId?: string;
  readonly asaasApiUrl?: string;
  readonly postalCodeApiUrl?: string;
  readonly datajudApiUrl?: string;
  readonly conversions?: ConversionsSettings;
  readonly whatsapp?: WhatsAppSettings;
  readonly secret?: (name: SecretName) => SecretSource | undefined;
};

/**
 * Every grant value, none left out: for a context that runs every function of the catalogue (the bundle benchmark,
 * the catalogue's tests). A value added to `GrantValues` is then a compile error there, not a crash at run time.
 */
export type CompleteGrantValues = { readonly [K in keyof GrantValues]-?: NonNullable<GrantValues[K]> };

export class MissingGrantValueError extends Error {
  constructor(functionName: string, value: string) {
    super(`${functionName}: its grants need "${value}", which this deployment does not provide.`);
    this.name = 'MissingGrantValueError';
  }
}

/**
 * The environment a function runs with, derived from its grants only. The one mapping both CDK and the local runtime
 * use: a variable a handler reads but its grants do not give is missing in both places.
 */
export function environmentFor(
  functionName: string,
  grants: FunctionGrants,
  values: GrantValues,
): Record<string, string> {
  const env: Record<string, string> = {};
  const need = <K extends keyof GrantValues>(key: K): NonNullable<GrantValues[K]> => {
    const value = values[key];
    if (value === undefined || value === null || value === '') throw new MissingGrantValueError(functionName, key);
    return value as NonNullable<GrantValues[K]>;
  };

  if (grants.table || grants.tableItems) env[ENV.tableName] = need('tableName');
  if (grants.documents) {
    env[ENV.documentsBucket] = need('documentsBucket');
    if (values.documentsPathStyle) env[ENV.documentsPathStyle] = 'true';
  }
  if (grants.workflow) env[ENV.stateMachineArn] = need('stateMachineArn');
  if (grants.email) env[ENV.emailFrom] = need('emailFrom');
  if (grants.email && values.emailConfigurationSet) env[ENV.emailConfigurationSet] = values.emailConfigurationSet;
  if (grants.email || grants.appLinks) env[ENV.appUrl] = need('appUrl');
  // Asaas acts in the company's name: its notas fiscais carry the identity's fiscal settings.
  if (grants.email || grants.appLinks || grants.asaas) env[ENV.company] = need('company');
  if (grants.push) env[ENV.pushEndpoint] = need('pushEndpoint');
  if (grants.tokens) {
    env[ENV.tokenIssuer] = need('tokenIssuer');
    env[ENV.tokenAudience] = need('tokenAudience');
  }
  if (grants.userPool || grants.adminMembership) env[ENV.userPoolId] = need('userPoolId');
  if (grants.asaas) env[ENV.asaasApiUrl] = need('asaasApiUrl');
  if (grants.postalCode) env[ENV.postalCodeApiUrl] = need('postalCodeApiUrl');
  if (grants.datajud) env[ENV.datajudApiUrl] = need('datajudApiUrl');
  if (grants.conversions) {
    const conversions = need('conversions');
    env[ENV.metaConversionsApiUrl] = conversions.metaApiUrl;
    env[ENV.googleAdsApiUrl] = conversions.googleAdsApiUrl;
    env[ENV.googleOAuthTokenUrl] = conversions.googleOAuthTokenUrl;
    if (conversions.metaPixelId) env[ENV.metaPixelId] = conversions.metaPixelId;
    if (conversions.googleAdsCustomerId) env[ENV.googleAdsCustomerId] = conversions.googleAdsCustomerId;
    if (conversions.googleAdsConversionActions) {
      env[ENV.googleAdsConversionActions] = conversions.googleAdsConversionActions;
    }
  }

  if (grants.whatsapp) {
    const whatsapp = need('whatsapp');
    env[ENV.whatsappApiUrl] = whatsapp.apiUrl;
    if (whatsapp.phoneNumberId) env[ENV.whatsappPhoneNumberId] = whatsapp.phoneNumberId;
  }

  for (const name of secretsOf(grants)) {
    const source = values.secret?.(name);
    if (!source) throw new MissingGrantValueError(functionName, `secret ${name}`);
    if ('arn' in source) env[SECRET_ENV[name].arn] = source.arn;
    else env[SECRET_ENV[name].value] = source.value;
  }
  return env;
}

/** Every secret a function may read: the ones it names plus those its services imply (Asaas needs its API key). */
export function secretsOf(grants: FunctionGrants): SecretName[] {
  const names = new Set<SecretName>(grants.secrets ?? []);
  if (grants.asaas) names.add('asaasApiKey');
  if (grants.datajud) names.add('datajudApiKey');
  if (grants.whatsapp) names.add('whatsappAccessToken');
  if (grants.conversions) {
    names.add('metaConversionsToken').add('googleAdsDeveloperToken').add('googleAdsOAuth');
  }
  return SECRET_NAMES.filter((name) => names.has(name));
}
