import * as z from 'zod';

/**
 * /config.json, written next to the SPA at deploy time (CDK) or served by the local runtime,
 * so one frontend build serves any stage.
 */
export const runtimeConfigSchema = z.object({
  stage: z.string(),
  apiUrl: z.url(),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** The live channel (WebSocket API stage): wss:// on AWS, ws:// on this machine. */
  liveUrl: z.string().regex(/^wss?:\/\/\S+$/),
  /** Only set where Cognito is emulated (cognito-local); AWS uses the regional endpoint. */
  userPoolEndpoint: z.url().optional(),
  /** cognito-local has no SRP, so the local runtime asks for USER_PASSWORD_AUTH. */
  passwordAuthFlow: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']).default('USER_SRP_AUTH'),
  /** Link to the local Asaas simulator's page, shown on the payment screen only where it exists. */
  paymentSimulatorUrl: z.url().optional(),
  /** Link to the local e-mail inbox, shown only where it exists. */
  inboxUrl: z.url().optional(),
  /** Meta pixel id (digits); without it no pixel loads. The public pages read it without this schema (lib/pixel.ts). */
  metaPixelId: z
    .string()
    .regex(/^\d{5,20}$/)
    .optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
export const RUNTIME_CONFIG_PATH = '/config.json';
