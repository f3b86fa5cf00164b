import { getHealthRoute } from '../../domain/api/health.js';
import { type ApiFunction } from '../catalogue.js';

/** The health routes (their handlers in this folder): each with its contract and its grants. */
export const HEALTH_ROUTES = [
  { contract: getHealthRoute, entry: 'lambdas/health/get-health.ts', grants: {} },
  // A new health route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];
