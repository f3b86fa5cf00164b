import { ArnFormat, CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { CompanyIdentity } from '../domain/company.js';
import { ASAAS_SANDBOX_URL } from '../lambdas/providers/asaas.js';
import { GOOGLE_ADS_URL, GOOGLE_OAUTH_TOKEN_URL, META_GRAPH_URL } from '../lambdas/providers/conversions.js';
import { VIACEP_URL } from '../lambdas/providers/postal-code.js';
import { DATAJUD_URL } from '../lambdas/providers/datajud.js';
import { GRAPH_API_URL } from '../lambdas/providers/whatsapp.js';
import { AccessLogs } from './constructs/access-logs.js';
import { SignInFirewall } from './constructs/firewall.js';
import { Api } from './constructs/api.js';
import { Auth } from './constructs/auth.js';
import { Data } from './constructs/data.js';
import { Email, EmailFeedback } from './constructs/email.js';
import { Live } from './constructs/live.js';
import { Observability } from './constructs/observability.js';
import { Schedules } from './constructs/schedules.js';
import { Secrets } from './constructs/secrets.js';
import { Web } from './constructs/web.js';
import { ServiceFunction, type GrantTargets } from './constructs/service-function.js';
import { Workflow } from './constructs/workflow.js';
import { WorkflowTasks } from './constructs/workflow-tasks.js';

/** `Baixa-<stage>`; the stage must be a valid CloudFormation stack-name fragment. */
export function stackNameFor(stage: string): string {
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) {
    throw new Error(`Invalid stage "${stage}": use 1-21 lowercase letters, digits and dashes, starting with a letter.`);
  }
  return `Baixa-${stage}`;
}

export interface BaixaStackProps extends StackProps {
  /** Stage name (dev, prod, ...); only used for configuration, never in resource names. */
  readonly stage: string;
  /** Verified SES sender for every e-mail. */
  readonly senderEmail: string;
  /** Who the provider is (domain/company.ts): the functions' `COMPANY_IDENTITY` and the site build's. */
  readonly company: CompanyIdentity;
  /**
   * Base URL of the Asaas API. Production: `https://api.asaas.com/v3`.
   * @default ASAAS_SANDBOX_URL (no real money moves)
   */
  readonly asaasApiUrl?: string;
  /**
   * Base URL of the postal-code (CEP) service.
   * @default VIACEP_URL
   */
  readonly postalCodeApiUrl?: string;
  /**
   * Base URL of the CNJ's DataJud public API (court movements).
   * @default DATAJUD_URL
   */
  readonly datajudApiUrl?: string;
  /**
   * The WhatsApp Business phone-number id (Meta's WhatsApp Manager) the status notices go from; its access token is the
   * `whatsappAccessToken` secret, the webhook's signing key the `whatsappAppSecret` one.
   * @default - no WhatsApp notices (consents are still recorded; the e-mails go as always)
   */
  readonly whatsappPhoneNumberId?: string;
  /**
   * Meta pixel id: the browser pixel (config.json, CSP) and the Conversions API. Its token is the
   * `metaConversionsToken` secret.
   * @default - no pixel, no Meta conversions
   */
  readonly metaPixelId?: string;
  /**
   * Google Ads customer id (digits) and `event=conversionActionId` pairs (e.g. `purchase=123,sign_up=456`). Tokens:
   * the `googleAdsDeveloperToken` and `googleAdsOAuth` secrets.
   * @default - no Google Ads conversions
   */
  readonly googleAds?: { readonly customerId: string; readonly conversionActions: string };
  /**
   * Google Ads REST base URL with its version (versions sunset about a year after release).
   * @default GOOGLE_ADS_URL
   */
  readonly googleAdsApiUrl?: string;
  /** VersionId of the origin secret CloudFront sends (after a rotation; see README, Deploy). */
  readonly originSecretVersion?: string;
  /** ARN of the stage's CloudFront web ACL (lib/edge-stack.ts; wired by lib/baixa-app.ts). */
  readonly webAclArn: string;
  /**
   * Prebuilt SPA directory.
   * @default - built with Vite during synth
   */
  readonly siteAssetPath?: string;
  /**
   * The site's public URL when the stage has its own domain: CloudFront answers on it, and the e-mails' links, the
   * API's URL, canonical links, sitemap.xml and robots.txt name it. Needs `siteCertificateArn`.
   * @default - the distribution's URL
   */
  readonly siteUrl?: string;
  /** The certificate of `siteUrl`'s domain, issued in us-east-1 (lib/edge-stack.ts; wired by lib/baixa-app.ts). */
  readonly siteCertificateArn?: string;
  /**
   * An address for the alarms (SNS e-mail subscription; SNS e-mails a confirmation link first).
   * @default - the topic has no subscriber; see README, Deploy
   */
  readonly opsEmail?: string;
}

/** One stage of the product. Composition only: every resource lives in a construct. */
export class BaixaStack extends Stack {
  readonly accessLogs: AccessLogs;
  readonly data: Data;
  readonly email: Email;
  readonly emailFeedback: EmailFeedback;
  readonly secrets: Secrets;
  readonly auth: Auth;
  readonly signInFirewall: SignInFirewall;
  readonly workflowTasks: WorkflowTasks;
  readonly workflow: Workflow;
  readonly api: Api;
  readonly live: Live;
  readonly schedules: Schedules;
  readonly web: Web;
  readonly observability: Observability;

  constructor(scope: Construct, id: string, props: BaixaStackProps) {
    super(scope, id, props);
    const { stage } = props;

    // Construction order vs. the URL of the SPA: Web needs the API URL (CSP, config.json) and the user
    // pool ids (config.json); the API needs the user pool (JWT authorizer); the user pool's trigger and
    // the e-mailing tasks need the SPA URL. The URL is therefore read lazily, once Web exists. In the
    // template there is no cycle: Lambda env → Distribution → (bucket, headers policy → HttpApi), and
    // the API does not reference the distribution (browsers reach it through the distribution's /api behavior).
    const appUrl = Lazy.string({ produce: () => this.web.appUrl });

    this.accessLogs = new AccessLogs(this, 'AccessLogs');
    this.data = new Data(this, 'Data', { accessLogsBucket: this.accessLogs.bucket, appOrigin: appUrl });
    this.email = new Email(this, 'Email', { senderEmail: props.senderEmail });
    this.secrets = new Secrets(this, 'Secrets');
    const targets: GrantTargets = {
      table: this.data.table,
      documents: this.data.documents,
      email: {
        senderEmail: this.email.senderEmail,
        identityArn: this.email.identityArn,
        configurationSet: this.email.configurationSetTarget,
      },
      appUrl,
      company: JSON.stringify(props.company),
      asaasApiUrl: props.asaasApiUrl ?? ASAAS_SANDBOX_URL,
      postalCodeApiUrl: props.postalCodeApiUrl ?? VIACEP_URL,
      datajudApiUrl: props.datajudApiUrl ?? DATAJUD_URL,
      whatsapp: { apiUrl: GRAPH_API_URL, phoneNumberId: props.whatsappPhoneNumberId },
      conversions: {
        metaApiUrl: META_GRAPH_URL,
        metaPixelId: props.metaPixelId,
        googleAdsApiUrl: props.googleAdsApiUrl ?? GOOGLE_ADS_URL,
        googleOAuthTokenUrl: GOOGLE_OAUTH_TOKEN_URL,
        googleAdsCustomerId: props.googleAds?.customerId,
        googleAdsConversionActions: props.googleAds?.conversionActions,
      },
      secrets: this.secrets.byName,
    };
    this.emailFeedback = new EmailFeedback(this, 'EmailFeedback', { stage, targets });
    this.auth = new Auth(this, 'Auth', {
      stage,
      senderEmail: this.email.senderEmail,
      configurationSetName: this.email.configurationSet.configurationSetName,
      senderIdentity: this.email.identity,
      targets,
    });

    // Sign-in, magic links, sign-up and recovery go to Cognito itself, not through CloudFront: their own web ACL.
    this.signInFirewall = new SignInFirewall(this, 'SignInFirewall', { userPool: this.auth.userPool });

    // Named ahead so AwaitPayment can answer its own task token by the ARN, with no reference (and no cycle).
    const stateMachineName = `${this.stackName}-payment`;
    const stateMachineRef = sfn.StateMachine.fromStateMachineArn(
      this,
      'PaymentWorkflowByName',
      this.formatArn({
        service: 'states',
        resource: 'stateMachine',
        resourceName: stateMachineName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    );
    this.workflowTasks = new WorkflowTasks(this, 'WorkflowTasks', {
      stage,
      targets: { ...targets, stateMachine: stateMachineRef, userPool: this.auth.userPool },
    });
    this.workflow = new Workflow(this, 'Workflow', { tasks: this.workflowTasks.functions, stateMachineName });
    this.api = new Api(this, 'Api', {
      stage,
      jwtIssuer: this.auth.issuerUrl,
      jwtAudience: [this.auth.client.userPoolClientId],
      targets: { ...targets, stateMachine: this.workflow.stateMachine, userPool: this.auth.userPool },
    });
    this.live = new Live(this, 'Live', {
      stage,
      table: this.data.table,
      targets: {
        ...targets,
        // publishChanges e-mails the admin alerts (pattern 49) to the admin group.
        userPool: this.auth.userPool,
        tokens: { issuer: this.auth.issuerUrl, audience: this.auth.client.userPoolClientId },
      },
    });
    // The nightly reconciliation with Asaas (its schedule, grants and secrets come from the catalogue).
    this.schedules = new Schedules(this, 'Schedules', {
      stage,
      targets: { ...targets, stateMachine: this.workflow.stateMachine, userPool: this.auth.userPool },
    });
    this.web = new Web(this, 'Web', {
      accessLogsBucket: this.accessLogs.bucket,
      webAclArn: props.webAclArn,
      siteAssetPath: props.siteAssetPath,
      siteUrl: props.siteUrl,
      siteCertificateArn: props.siteCertificateArn,
      company: props.company,
      api: {
        domainName: this.api.domainName,
        originSecret: this.secrets.byName.originVerify,
        originSecretVersion: props.originSecretVersion,
      },
      runtimeConfig: {
        stage,
        liveUrl: this.live.url,
        region: this.region,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.client.userPoolClientId,
        passwordAuthFlow: 'USER_SRP_AUTH',
        ...(props.metaPixelId ? { metaPixelId: props.metaPixelId } : {}),
      },
    });

    // Last: it watches every function of the stage.
    const webhook = this.api.functions.ReceiveAsaasWebhook;
    this.observability = new Observability(this, 'Observability', {
      functions: this.node.findAll().filter((child): child is ServiceFunction => child instanceof ServiceFunction),
      webhookFunction: webhook,
      webhookRouteId: 'ReceiveAsaasWebhook',
      streamConsumer: this.live.functions.publishChanges,
      streamDeadLetters: this.live.deadLetters,
      stateMachine: this.workflow.stateMachine,
      stateMachineLogs: this.workflow.node.findChild('Logs') as logs.ILogGroup,
      httpStage: this.api.stage,
      apiAccessLogs: this.api.node.findChild('AccessLogs') as logs.ILogGroup,
      mainRoutes: {
        Painel: this.api.functions.GetDashboard,
        Consulta: this.api.functions.LookupProcess,
        'Perfil (criar)': this.api.functions.CreateProfile,
        'Assinar contrato': this.api.functions.SignContract,
        'Gerar PIX': this.api.functions.CreateCharge,
        'Webhook Asaas': webhook,
      },
      opsEmail: props.opsEmail,
    });

    new CfnOutput(this, 'AppUrl', { value: this.web.appUrl });
    // The API as browsers and Asaas reach it (the execute-api URL refuses requests that bypass CloudFront).
    new CfnOutput(this, 'ApiUrl', { value: this.web.apiUrl });
    new CfnOutput(this, 'LiveUrl', { value: this.live.url });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'StateMachineArn', { value: this.workflow.stateMachine.stateMachineArn });
    // What ops copy into Asaas's webhook settings, and where they put the key from Asaas's panel.
    new CfnOutput(this, 'AsaasWebhookTokenSecretArn', { value: this.secrets.byName.asaasWebhookToken.secretArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.observability.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: this.observability.dashboard.dashboardName });
    new CfnOutput(this, 'AsaasApiKeySecretArn', { value: this.secrets.byName.asaasApiKey.secretArn });
    new CfnOutput(this, 'DatajudApiKeySecretArn', { value: this.secrets.byName.datajudApiKey.secretArn });
    new CfnOutput(this, 'WhatsappAccessTokenSecretArn', {
      value: this.secrets.byName.whatsappAccessToken.secretArn,
    });
    new CfnOutput(this, 'WhatsappAppSecretSecretArn', { value: this.secrets.byName.whatsappAppSecret.secretArn });
    new CfnOutput(this, 'WhatsappVerifyTokenSecretArn', { value: this.secrets.byName.whatsappVerifyToken.secretArn });
    // Where the ad platforms' tokens go, for a stage that sets marketing ids (README, Deploy).
    new CfnOutput(this, 'MetaConversionsTokenSecretArn', { value: this.secrets.byName.metaConversionsToken.secretArn });
    new CfnOutput(this, 'GoogleAdsDeveloperTokenSecretArn', {
      value: this.secrets.byName.googleAdsDeveloperToken.secretArn,
    });
    new CfnOutput(this, 'GoogleAdsOAuthSecretArn', { value: this.secrets.byName.googleAdsOAuth.secretArn });
  }
}
