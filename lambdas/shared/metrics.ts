import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE, ROUTE_DIMENSION, type MetricName } from './metric-names.js';

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

/** A route that answered 500, counted under its own dimension (written at once: it has its own dimension set). */
export function countRouteFailure(routeId: string): void {
  const single = metrics.singleMetric();
  single.addDimension(ROUTE_DIMENSION, routeId);
  single.addMetric(METRIC.routeFailures, MetricUnit.Count, 1);
}
