import { getHealthRoute } from '@domain/api/health.js';
import { apiCall } from './api-client';
import { reportBackendReachable } from './connectivity';

/** Short: a health check that takes longer than this already says the API is in trouble. */
const HEALTH_CHECK_TIMEOUT_MS = 8_000;

/** GET {apiUrl}/health, the public route that touches nothing (spec 01 §9). Never throws. */
export async function checkApiHealth(): Promise<boolean> {
  try {
    await apiCall(getHealthRoute, { timeoutMs: HEALTH_CHECK_TIMEOUT_MS });
    return true;
  } catch {
    if (navigator.onLine) reportBackendReachable(false);
    return false;
  }
}
