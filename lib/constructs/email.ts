import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface EmailProps {
  /**
   * Address every e-mail is sent from (Cognito messages and workflow notifications). SES sends a
   * verification link to it on the first deploy; sending fails until it is clicked, and while the
   * account is in the SES sandbox only verified recipients receive mail.
   */
  readonly senderEmail: string;
}

/** The SES identity of the sender address, shared by Cognito and the functions that send e-mail. */
export class Email extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly senderEmail: string;
  /** ARN to scope `ses:SendEmail` grants to this sender only. */
  readonly identityArn: string;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.senderEmail = props.senderEmail;
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: ses.Identity.email(props.senderEmail),
    });
    this.identityArn = this.identity.emailIdentityArn;
  }
}
