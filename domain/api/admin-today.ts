import * as z from 'zod';
import { TODAY_QUEUE_IDS } from '../today.js';
import { adminProcessRowSchema } from './admin-processes.js';
import { defineRoute } from './route.js';

/** One item of a 'Hoje' queue: what it is, whose, since when, its deadline and where it is worked. */
export const todayItemSchema = z.object({
  id: z.string(),
  /** A protocol, an LGPD protocol, an Asaas payment id. */
  title: z.string(),
  /** The client's name, or what the item is about. */
  subtitle: z.string().nullable(),
  /** Where the item is worked (the client's page, the filtered list). */
  href: z.string(),
  /** The instant that orders the queue, oldest first (the forecast, the request, the first sighting). */
  since: z.string(),
  deadline: z.object({ label: z.string(), late: z.boolean() }).nullable(),
  /** A paid process waiting for its filing: the row the status dialog needs to file it from 'Hoje'. */
  process: adminProcessRowSchema.nullable(),
});
export type TodayItem = z.infer<typeof todayItemSchema>;

export const todayQueueSchema = z.object({
  id: z.enum(TODAY_QUEUE_IDS),
  count: z.number().int().nonnegative(),
  /** How many of them are past their deadline (shown in red). */
  late: z.number().int().nonnegative(),
  items: z.array(todayItemSchema),
});
export type TodayQueue = z.infer<typeof todayQueueSchema>;

/**
 * 'Hoje' (/admin): every queue whose source exists, in the order of `TODAY_QUEUE_IDS`, each with its count and its
 * oldest items (docs/decisions.md, 'Hoje': the admin's day).
 */
export const getAdminTodayRoute = defineRoute({
  id: 'GetAdminToday',
  method: 'GET',
  path: '/admin/today',
  access: 'admin',
  response: z.object({ queues: z.array(todayQueueSchema) }),
});
