import { createRequire } from 'node:module';
import type * as PowertoolsTracer from '@aws-lambda-powertools/tracer';

/**
 * Loads a package at run time, out of the bundle: esbuild bundles `require('…')` and `import('…')` of a literal, not
 * a call through a function of our own. On Lambda the package comes from Powertools' own layer (NODE_PATH has
 * /opt/nodejs/node_modules; CommonJS resolution reads it, ESM's does not); locally and in tests from node_modules.
 */
const loadAtRunTime = createRequire(import.meta.url);

/**
 * The package the layer brings (lib/constructs/service-function.ts attaches it to every function that leaves AWS):
 * one name for the code that loads it and the bundling that keeps it out.
 */
export const TRACER_PACKAGE = '@aws-lambda-powertools/tracer';

let tracer: PowertoolsTracer.Tracer | undefined;

/**
 * X-Ray subsegments for the calls whose time is not ours: once a tracer exists, Powertools records every outgoing
 * fetch (Asaas, DataJud, ViaCEP, WhatsApp, the ad platforms) as a subsegment of the function's segment. Created by
 * the one outbound caller (providers/http-json.ts) before its first request, and loaded only then: no bundle carries
 * the X-Ray SDK (about 110 KB of every outbound route's code), and no cold start parses it; a function that never
 * leaves AWS has Lambda's own segment only (active tracing: init, invocation, errors). Off outside Lambda: Powertools
 * turns tracing off without a Lambda execution environment, and the local runtime says POWERTOOLS_TRACE_ENABLED=false.
 */
export function traceOutgoingCalls(): void {
  if (tracer) return;
  const { Tracer } = loadAtRunTime(TRACER_PACKAGE) as typeof PowertoolsTracer;
  tracer = new Tracer({ serviceName: 'baixa' });
}
