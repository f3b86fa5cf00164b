import { Tracer } from '@aws-lambda-powertools/tracer';

let tracer: Tracer | undefined;

/**
 * X-Ray subsegments for the calls whose time is not ours: once a tracer exists, Powertools records every outgoing
 * fetch (Asaas, DataJud, ViaCEP, the ad platforms) as a subsegment of the function's segment. Created by the one
 * outbound caller (providers/http-json.ts) before its first request, so a function that never leaves AWS neither
 * loads nor bundles the X-Ray SDK (about 120 KB parsed at each cold start): its trace is Lambda's own segment (active
 * tracing: init, invocation, errors), and its AWS calls are timed by their services' own metrics. Off outside Lambda:
 * Powertools turns tracing off without a Lambda execution environment, and the local runtime says
 * POWERTOOLS_TRACE_ENABLED=false.
 */
export function traceOutgoingCalls(): void {
  tracer ??= new Tracer({ serviceName: 'baixa' });
}
