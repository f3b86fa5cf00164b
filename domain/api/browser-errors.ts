import * as z from 'zod';
import {
  BROWSER_ERROR_BUILD_MAX,
  BROWSER_ERROR_KINDS,
  BROWSER_ERROR_MESSAGE_MAX,
  BROWSER_ERROR_MESSAGES,
  BROWSER_ERROR_ROUTE_MAX,
  BROWSER_ERRORS_PATH,
} from '../browser-errors.js';
import { defineRoute } from './route.js';

/**
 * One error a browser caught. Only what tells errors apart: where (the route's pattern, never the address with its
 * ids and query), what (the message), which build. The user agent is the request's own header. Unknown fields are
 * refused, so nothing else can ride along.
 */
export const browserErrorSchema = z.strictObject({
  kind: z.enum(BROWSER_ERROR_KINDS, { error: BROWSER_ERROR_MESSAGES.invalidKind }),
  route: z
    .string({ error: BROWSER_ERROR_MESSAGES.invalidRoute })
    .max(BROWSER_ERROR_ROUTE_MAX, { error: BROWSER_ERROR_MESSAGES.invalidRoute })
    .regex(/^\/[^?#\s]*$/, { error: BROWSER_ERROR_MESSAGES.invalidRoute }),
  message: z
    .string({ error: BROWSER_ERROR_MESSAGES.invalidMessage })
    .trim()
    .min(1, { error: BROWSER_ERROR_MESSAGES.invalidMessage })
    .max(BROWSER_ERROR_MESSAGE_MAX, { error: BROWSER_ERROR_MESSAGES.invalidMessage }),
  build: z
    .string({ error: BROWSER_ERROR_MESSAGES.invalidBuild })
    .regex(/^[\w.+-]+$/, { error: BROWSER_ERROR_MESSAGES.invalidBuild })
    .max(BROWSER_ERROR_BUILD_MAX, { error: BROWSER_ERROR_MESSAGES.invalidBuild }),
});
export type BrowserErrorReport = z.infer<typeof browserErrorSchema>;

/** The SPA's error boundary and unhandled rejections, logged and counted. 202 once accepted. */
export const reportBrowserErrorRoute = defineRoute({
  id: 'ReportBrowserError',
  method: 'POST',
  path: BROWSER_ERRORS_PATH,
  access: 'public',
  body: browserErrorSchema,
  response: z.object({ accepted: z.literal(true) }),
});
