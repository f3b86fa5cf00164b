import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { lazyClient } from '../shared/lazy-sdk.js';
import { countMetric, METRIC } from '../shared/metrics.js';
import { emailText } from '../shared/email-layout.js';

export type EmailAttachment = { fileName: string; contentType: string; content: Uint8Array };

export type OutgoingEmail = {
  subject: string;
  html: string;
  /** Extra message headers (List-Unsubscribe on invitations); SES v2 simple content carries them as given. */
  headers?: readonly { name: string; value: string }[];
  /** Files sent with the message (SES v2 simple content takes attachments; 40 MB per message in all). */
  attachments?: readonly EmailAttachment[];
  /**
   * The customer (Cognito sub) whose case file lists this message once it is sent (pattern 84); absent for mail to
   * the team or to someone who is not a customer. SES never sees it.
   */
  caseFileOf?: string;
};

/** Sends one e-mail; business code depends on this, never on SES. */
export type SendEmail = (to: string, email: OutgoingEmail) => Promise<void>;

/**
 * SES v2 as the verified sender (the `email` grant scopes IAM to that identity). The endpoint comes from the SDK's
 * standard `AWS_ENDPOINT_URL_SESV2`, so the local runtime points it at aws-ses-v2-local by configuration alone.
 * Every message goes through the configuration set, whose event destination records bounces and complaints and whose
 * suppression list stops sending to those addresses; and every message carries a text part beside its HTML.
 */
export function createSesEmailSender(options: {
  from: string;
  configurationSet?: string;
  client?: SESv2Client;
}): SendEmail {
  const ses = lazyClient(
    () => import('@aws-sdk/client-sesv2'),
    (sdk) => new sdk.SESv2Client({}),
    options.client,
  );
  return countingFailures(async (to, email) => {
    const { sdk, client } = await ses();
    await client.send(
      new sdk.SendEmailCommand({
        FromEmailAddress: options.from,
        Destination: { ToAddresses: [to] },
        ...(options.configurationSet ? { ConfigurationSetName: options.configurationSet } : {}),
        Content: {
          Simple: {
            Subject: { Data: email.subject, Charset: 'UTF-8' },
            Body: {
              Html: { Data: email.html, Charset: 'UTF-8' },
              Text: { Data: emailText(email.html), Charset: 'UTF-8' },
            },
            ...(email.headers?.length
              ? { Headers: email.headers.map((header) => ({ Name: header.name, Value: header.value })) }
              : {}),
            ...(email.attachments?.length
              ? {
                  Attachments: email.attachments.map((attachment) => ({
                    FileName: attachment.fileName,
                    ContentType: attachment.contentType,
                    RawContent: attachment.content,
                    ContentDisposition: 'ATTACHMENT' as const,
                    ContentTransferEncoding: 'BASE64' as const,
                  })),
                }
              : {}),
          },
        },
      }),
    );
  });
}

/** Every caller decides what a lost e-mail means (retry, log, refuse); the count is the same for all of them. */
function countingFailures(send: SendEmail): SendEmail {
  return async (to, email) => {
    try {
      await send(to, email);
    } catch (error) {
      countMetric(METRIC.emailsFailed);
      throw error;
    }
  };
}
