import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EVENT_FUNCTIONS, type EventFunctionName } from '../../lambdas/functions.js';
import { ServiceFunction, type GrantTargets } from './service-function.js';

export interface EmailProps {
  /**
   * Address every e-mail is sent from (Cognito messages and workflow notifications). SES sends a
   * verification link to it on the first deploy; sending fails until it is clicked, and while the
   * account is in the SES sandbox only verified recipients receive mail.
   */
  readonly senderEmail: string;
}

/**
 * The SES identity of the sender address, shared by Cognito and the functions that send e-mail, and the configuration
 * set every message goes through. SES reviews (and may pause) an account whose bounce rate passes 5 % or complaint rate
 * 0.1 %, which would stop magic links and password recovery too; so the set stops mail to an address that bounced for
 * good or complained (its suppression list), publishes those events for our own record (EmailFeedback), and keeps
 * reputation metrics for the alarms.
 */
export class Email extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly senderEmail: string;
  /** ARN to scope `ses:SendEmail` grants to this sender only. */
  readonly identityArn: string;
  readonly configurationSet: ses.ConfigurationSet;
  /** What the functions' grants need: the set's name (named on every send) and ARN (which IAM must allow). */
  readonly configurationSetTarget: { readonly name: string; readonly arn: string };

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.senderEmail = props.senderEmail;
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      // Suppression at the set's level too, whatever the account-level setting: these addresses get nothing more.
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
    });
    // Only the default bus receives SES's events.
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.eventBus(events.EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: ses.Identity.email(props.senderEmail),
      configurationSet: this.configurationSet,
    });
    this.identityArn = this.identity.emailIdentityArn;
    this.configurationSetTarget = {
      name: this.configurationSet.configurationSetName,
      arn: Stack.of(this).formatArn({
        service: 'ses',
        resource: 'configuration-set',
        resourceName: this.configurationSet.configurationSetName,
      }),
    };
  }
}

export interface EmailFeedbackProps {
  /** Deployment stage, passed to the function. */
  readonly stage: string;
  /** Resources the function's catalogue grants point at (the table). */
  readonly targets: GrantTargets;
}

/**
 * SES's bounce and complaint events (from the configuration set, on the default bus) to `ReceiveEmailFeedback`, which
 * records them (pattern 64) so the customer's screens can say when their address stopped receiving mail.
 */
export class EmailFeedback extends Construct {
  readonly function: ServiceFunction;
  /** The same function by its catalogue name, as the other constructs expose theirs. */
  readonly functions: Record<EventFunctionName, ServiceFunction>;
  readonly rule: events.Rule;
  /** Events the function could not take after EventBridge's retries. */
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: EmailFeedbackProps) {
    super(scope, id);
    const { entry, grants } = EVENT_FUNCTIONS.ReceiveEmailFeedback;
    this.function = new ServiceFunction(this, 'ReceiveEmailFeedback', { entry, stage: props.stage }).applyGrants(
      grants,
      props.targets,
    );
    this.functions = { ReceiveEmailFeedback: this.function };
    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue IS the dead-letter destination of the e-mail feedback rule; it has no queue of its own behind it.',
    });
    this.rule = new events.Rule(this, 'BouncesAndComplaints', {
      description: 'SES bounces and complaints of the configuration set, recorded for the customer screens',
      eventPattern: { source: ['aws.ses'], detailType: ['Email Bounced', 'Email Complaint Received'] },
      targets: [
        new targets.LambdaFunction(this.function, {
          retryAttempts: 8,
          maxEventAge: Duration.hours(24),
          deadLetterQueue: this.deadLetters,
        }),
      ],
    });
  }
}
