import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The stream consumer's dead-letter queue on this machine: on AWS an SQS queue receives Lambda's failure message for
 * each batch given up on (the StreamDeadLetters alarm watches its depth); here each message is one JSON line of a file
 * under the data directory, kept across restarts like the queue's 14 days.
 */
export function localDeadLetterQueue(file: string, log: (line: string) => void = console.log) {
  return {
    file,
    async send(message: unknown): Promise<void> {
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, `${JSON.stringify(message)}\n`);
      log(`dead-letter queue: 1 message added to ${file}`);
    },
    async receive(): Promise<unknown[]> {
      const text = await readFile(file, 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as unknown);
    },
  };
}
