import { getDashboardRoute } from '../../domain/api/dashboard.js';
import { type ApiFunction } from '../catalogue.js';

/** The dashboard routes (their handlers in this folder): each with its contract and its grants. */
export const DASHBOARD_ROUTES = [
  { contract: getDashboardRoute, entry: 'lambdas/dashboard/get-dashboard.ts', grants: { table: 'read' } },
  // A new dashboard route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];
