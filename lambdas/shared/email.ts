import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from './clients.js';

export type OutgoingEmail = { subject: string; html: string };
export type SendEmail = (to: string, email: OutgoingEmail) => Promise<void>;

/** Sends through SES v2 as the verified sender (the `email` grant scopes IAM to that identity). */
export function sesEmailSender(from: string): SendEmail {
  return async (to, email) => {
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: email.subject, Charset: 'UTF-8' },
            Body: { Html: { Data: email.html, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  };
}
