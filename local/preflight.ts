import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** A prerequisite the developer must fix; start.ts prints the message and exits without a stack trace. */
export class PrerequisiteError extends Error {}

export function assertJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new PrerequisiteError(
      'Java 17 or newer is required to run DynamoDB Local, and `java` was not found on PATH.\n' +
        '  Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless   macOS: brew install openjdk@17',
    );
  }
  const match = /version "(\d+)/.exec(result.stderr);
  if (match && Number(match[1]) < 17) {
    throw new PrerequisiteError(
      `DynamoDB Local needs Java 17 or newer; found Java ${match[1]}. Install openjdk-17 and put it first on PATH.`,
    );
  }
}

function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolvePort) => {
    const probe = createServer()
      .once('error', () => resolvePort(false))
      .once('listening', () => probe.close(() => resolvePort(true)))
      .listen(port, host);
  });
}

/** Every port must be free before anything starts, so a clash never leaves half a runtime behind. */
export async function assertPortsFree(ports: Record<string, number>, host: string): Promise<void> {
  const taken: string[] = [];
  for (const [name, port] of Object.entries(ports)) {
    // DynamoDB Local binds every interface, so check the wildcard address as well.
    if (!(await isPortFree(port, host)) || !(await isPortFree(port, '0.0.0.0'))) taken.push(`${port} (${name})`);
  }
  if (taken.length > 0) {
    throw new PrerequisiteError(
      `These ports are already in use: ${taken.join(', ')}.\n` +
        '  Stop the other process (is `npm start` already running?  lsof -i :PORT shows who holds it),\n' +
        '  or shift every port with PORT_OFFSET, e.g.  PORT_OFFSET=100 npm start',
    );
  }
}
