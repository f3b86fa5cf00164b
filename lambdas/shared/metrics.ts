import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, METRICS_SERVICE, type MetricName } from './metric-names.js';

export { METRIC, type MetricName } from './metric-names.js';

/**
 * One Metrics instance per container. Counts are stored during an invocation and written by the wrapper
 * (lambdas/shared/observability.ts) as one Embedded Metric Format line when it ends: CloudWatch Logs turns that line
 * into metrics on AWS, and the local runtime simply prints it (POWERTOOLS_METRICS_DISABLED=false there).
 */
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });

/** Counts one business or failure event (or `value` of them) by its catalogue name. */
export function countMetric(name: MetricName, value = 1): void {
  if (value > 0) metrics.addMetric(name, MetricUnit.Count, value);
}
