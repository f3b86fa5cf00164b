import { tableFromEnvironment } from '../shared/db.js';
import { taskHandler } from '../shared/task.js';
import { applyEmailFeedback, sesEventBridgeSchema } from './email-feedback-service.js';

const db = tableFromEnvironment();

/**
 * The configuration set's bounces and complaints, delivered by an EventBridge rule (lib/constructs/email.ts). A failure
 * is thrown back: EventBridge retries the delivery, and recording the same event twice changes nothing.
 */
export const handler = taskHandler('ReceiveEmailFeedback', sesEventBridgeSchema, async (event) => {
  await applyEmailFeedback(db, event.detail);
});
