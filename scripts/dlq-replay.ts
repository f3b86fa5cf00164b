/**
 * Reprocesses the stream consumer's dead-letter queue (docs/operations.md, Reprocessing the dead-letter queue): each
 * message names a failed batch of the table's stream; its records are read back from the stream and the consumer
 * (publishChanges, named in the message) is invoked with them, as Lambda would; a message whose records all succeed is
 * deleted. Dry run by default: it prints what it would replay and changes nothing.
 *
 * Usage: `npm run dlq:replay -- --queue-url <PublishDeadLetters queue URL> [--apply] [--max 100]`, with the
 * on-call's AWS credentials and AWS_REGION. Endpoints follow the SDK's standard variables (AWS_ENDPOINT_URL_SQS,
 * AWS_ENDPOINT_URL_DYNAMODB_STREAMS, AWS_ENDPOINT_URL_LAMBDA), so it runs against emulators that speak these APIs;
 * the local runtime has none for SQS or Lambda's Invoke (its stream poller logs and skips a batch it gives up on).
 */
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { hasFlag, numberFlag } from './cli.js';
import { parseBatchInfo, replayDeadLetters, streamRange, type DeadLetterQueue } from './dlq/replay.js';

const at = process.argv.indexOf('--queue-url');
const queueUrl = at >= 0 ? process.argv[at + 1] : undefined;
if (!queueUrl) {
  console.error('--queue-url <url> is required (the PublishDeadLetters queue; docs/operations.md says how to find it)');
  process.exit(2);
}
const apply = hasFlag('apply');
const max = numberFlag('max', 100);

const sqs = new SQSClient({});
const queue: DeadLetterQueue = {
  async receive() {
    const { Messages = [] } = await sqs.send(
      // Hidden for 5 minutes while this run handles them; a dry run leaves them to reappear unchanged.
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: 300,
        WaitTimeSeconds: 1,
      }),
    );
    return Messages.map((m) => ({ id: m.MessageId!, receipt: m.ReceiptHandle!, body: m.Body ?? '' }));
  },
  async remove(receipt) {
    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: receipt }));
  },
};
const lambda = new LambdaClient({});
let functionArn: string | undefined;
const summary = await replayDeadLetters({
  queue: {
    ...queue,
    // The consumer to invoke is the one the message names (requestContext.functionArn).
    async receive() {
      const messages = await queue.receive();
      for (const { body } of messages) {
        if (parseBatchInfo(body))
          functionArn ??= (JSON.parse(body) as { requestContext?: { functionArn?: string } }).requestContext
            ?.functionArn;
      }
      return messages;
    },
  },
  stream: streamRange(new DynamoDBStreamsClient({})),
  consume: async (event) => {
    if (!functionArn) throw new Error('The message names no function (requestContext.functionArn)');
    const answer = await lambda.send(
      new InvokeCommand({ FunctionName: functionArn, Payload: new TextEncoder().encode(JSON.stringify(event)) }),
    );
    const payload = answer.Payload ? new TextDecoder().decode(answer.Payload) : '';
    if (answer.FunctionError)
      return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber! })) };
    return (payload ? JSON.parse(payload) : { batchItemFailures: [] }) as DynamoDBBatchResponse;
  },
  apply,
  max,
  log: console.log,
});
console.log(
  `${apply ? 'Replayed' : 'Dry run'}: ${summary.messages} message(s), ${summary.records} record(s); ` +
    `${summary.replayed} replayed and deleted, ${summary.failed} failed again, ${summary.trimmed} past retention, ` +
    `${summary.unreadable} unreadable${apply ? '' : ' (nothing changed; --apply replays)'}`,
);
if (summary.failed + summary.trimmed + summary.unreadable > 0) process.exitCode = 1;
