import { PrerequisiteError } from './preflight.js';
import { startLocalRuntime, type LocalRuntime } from './runtime.js';
import { localSettings } from './settings.js';

/**
 * `npm start`: the whole product on this machine. Prints one URL to open; Ctrl-C stops every
 * emulator, including DynamoDB Local's Java process.
 */
const started = Date.now();
const settings = localSettings();
console.log(
  'Starting Baixa locally (DynamoDB Local and its stream, cognito-local, S3, SES, Step Functions, API, live channel, Asaas, ViaCEP, DataJud and ad-platform and WhatsApp stand-ins, web)…',
);

let runtime: LocalRuntime | null = null;
let stopping = false;
const startup = new AbortController();
let exitCode = 0;

async function shutdown(code: number): Promise<void> {
  if (stopping) process.exit(code);
  stopping = true;
  exitCode = code;
  console.log('\nStopping…');
  // Still starting: the runtime stops what already runs (DynamoDB Local's Java too), then the start rejects.
  if (!runtime) return startup.abort();
  await runtime.stop();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));
process.on('uncaughtException', (error) => {
  console.error(error);
  void shutdown(1);
});

try {
  runtime = await startLocalRuntime(settings, console.log, startup.signal, { warm: settings.warmFunctions });
} catch (error) {
  if (startup.signal.aborted) process.exit(exitCode);
  if (error instanceof PrerequisiteError) {
    console.error(`\n✖ ${error.message}\n`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
Baixa local is ready in ${seconds} s — open ${runtime.appUrl}

  E-mail inbox (every e-mail the product sends): ${runtime.inboxUrl}
  Asaas sandbox simulator (pay PIX charges with 'Pagar'): ${runtime.asaasUrl}
    webhooks → ${runtime.apiUrl}/webhooks/asaas, token ${runtime.asaasWebhookToken}
  DataJud stand-in (add court movements to a case, then npm run court-sync): ${runtime.datajudUrl}
  WhatsApp stand-in (every WhatsApp sent; reply as the customer): ${runtime.whatsappUrl}
  Conversions recorder (what Meta and Google Ads would receive): ${runtime.conversionsUrl}/__recorded
  Admin user: ${runtime.adminEmail} / ${runtime.adminPassword}  (first sign-in: enrol an authenticator app, TOTP)
  Data: ${settings.dataDir}  (npm run reset wipes it)

Press Ctrl-C to stop.`);
