import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * X-Ray: each function's segment (Lambda active tracing), with a subsegment per AWS SDK call (`traced`) and per
 * outgoing fetch (Asaas, ViaCEP, the ad platforms). Off outside Lambda: Powertools turns tracing off by itself when
 * there is no Lambda execution environment, and the local runtime also says POWERTOOLS_TRACE_ENABLED=false.
 */
export const tracer = new Tracer({ serviceName: 'baixa' });

/** An AWS SDK v3 client whose calls show as subsegments of the function's trace (the client itself when tracing is off). */
export function traced<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}
