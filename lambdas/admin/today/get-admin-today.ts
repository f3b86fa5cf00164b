import { getAdminTodayRoute } from '../../../domain/api/admin-today.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { getAdminToday, type TodayDeps } from './today-service.js';

const deps: TodayDeps = { db: tableFromEnvironment(), clock: systemClock };

/** 'Hoje' (/admin): the admin's queues, each with its count and oldest items. */
export const handler = apiHandler(getAdminTodayRoute, async () => ({ body: await getAdminToday(deps) }));
