import { resolve } from 'node:path';
import type { SecretName } from '../lambdas/grants.js';
import { REPO_ROOT } from '../lib/paths.js';

/**
 * Where each local service listens. Defaults suit one developer; PORT_OFFSET shifts them all
 * (the e2e tests run a second copy beside a developer's `npm start`).
 */
/** The local table's name (the emulators' data lives in `dataDir`). */
export const LOCAL_TABLE = 'baixa-local';

export type LocalSettings = {
  host: '127.0.0.1';
  dataDir: string;
  /** Vite's dependency cache; BAIXA_VITE_CACHE_DIR moves it (the first-visit benchmark starts from an empty one). */
  viteCacheDir: string | undefined;
  /**
   * BAIXA_SITE_DIR: serve this production build of the site (`npm run build:web -- --outDir <dir>`) as CloudFront
   * does, instead of Vite's dev server. The browser tests use it; no hot reload.
   */
  siteDir: string | undefined;
  /**
   * Cold-start every function in the background once everything runs (before a person's first click). BAIXA_WARM_FUNCTIONS=false
   * leaves each to its first call: the browser tests, which never call some and share the machine with other lanes.
   */
  warmFunctions: boolean;
  ports: {
    app: number;
    api: number;
    cognito: number;
    dynamodb: number;
    s3: number;
    ses: number;
    stepFunctions: number;
    postalCode: number;
    datajud: number;
    live: number;
    asaas: number;
    conversions: number;
    whatsapp: number;
  };
  /**
   * What CloudFront would say about the person's location (its CloudFront-Viewer-* headers), added by the local edge
   * (the SPA server's /api proxy) to every API request; the address comes from the socket, as on CloudFront.
   * BAIXA_VIEWER_CITY, _REGION, _COUNTRY, _LATITUDE and _LONGITUDE override it; empty values leave a header out.
   */
  viewer: { city: string; region: string; country: string; latitude: string; longitude: string };
  adminEmail: string;
  adminPassword: string;
  /**
   * Secrets passed inline to the functions granted them (on AWS they live in Secrets Manager). Fixed, so a restart
   * keeps magic links already e-mailed and Asaas-simulator deliveries working. Local only, never used on AWS.
   */
  secrets: Record<SecretName, string>;
  /**
   * Marketing ids. The functions always send conversions to the local recorder, under BAIXA_META_PIXEL_ID or a fake
   * pixel id; the SPA's config gets a pixel id only when BAIXA_META_PIXEL_ID is set (and its pixel loads only off
   * localhost/127.0.0.1).
   */
  marketing: {
    metaPixelId: string | undefined;
    serverPixelId: string;
    googleAdsCustomerId: string;
    googleAdsConversionActions: string;
  };
};

export function localSettings(env: NodeJS.ProcessEnv = process.env): LocalSettings {
  const offset = Number(env.PORT_OFFSET ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 50_000)
    throw new Error('PORT_OFFSET must be a whole number between 0 and 50000');
  return {
    host: '127.0.0.1',
    dataDir: resolve(env.BAIXA_DATA_DIR ?? resolve(REPO_ROOT, '.local-data')),
    viteCacheDir: env.BAIXA_VITE_CACHE_DIR ? resolve(env.BAIXA_VITE_CACHE_DIR) : undefined,
    siteDir: env.BAIXA_SITE_DIR ? resolve(env.BAIXA_SITE_DIR) : undefined,
    warmFunctions: env.BAIXA_WARM_FUNCTIONS !== 'false',
    ports: {
      app: 5173 + offset,
      api: 3001 + offset,
      cognito: 9229 + offset,
      dynamodb: 8000 + offset,
      s3: 4569 + offset,
      ses: 8005 + offset,
      stepFunctions: 8083 + offset,
      postalCode: 8086 + offset,
      datajud: 8088 + offset,
      live: 3002 + offset,
      asaas: 8087 + offset,
      conversions: 8089 + offset,
      whatsapp: 8090 + offset,
    },
    viewer: {
      city: env.BAIXA_VIEWER_CITY ?? 'São Paulo',
      region: env.BAIXA_VIEWER_REGION ?? 'SP',
      country: env.BAIXA_VIEWER_COUNTRY ?? 'BR',
      latitude: env.BAIXA_VIEWER_LATITUDE ?? '-23.55050',
      longitude: env.BAIXA_VIEWER_LONGITUDE ?? '-46.63330',
    },
    adminEmail: env.BAIXA_ADMIN_EMAIL ?? 'admin@baixa.local',
    adminPassword: env.BAIXA_ADMIN_PASSWORD ?? 'admin123',
    secrets: {
      magicLinkKey: 'local-magic-link-secret-never-used-on-aws-0123456789',
      rateLimitKey: 'local-rate-limit-key-never-used-on-aws-0123456789abcdef',
      contractLinkKey: 'local-contract-link-key-never-used-on-aws-0123456789abcdef',
      asaasWebhookToken: 'local-asaas-webhook-token-0123456789abcdef',
      asaasApiKey: 'local-asaas-api-key-0123456789abcdef',
      datajudApiKey: 'local-datajud-api-key-0123456789abcdef',
      originVerify: 'local-origin-verify-secret-0123456789abcdef',
      metaConversionsToken: 'local-meta-conversions-token-0123456789abcdef',
      googleAdsDeveloperToken: 'local-google-ads-developer-token-0123456789',
      whatsappAccessToken: 'local-whatsapp-access-token-0123456789abcdef',
      whatsappAppSecret: 'local-whatsapp-app-secret-0123456789abcdef',
      whatsappVerifyToken: 'local-whatsapp-verify-token-0123456789abcdef',
      googleAdsOAuth: JSON.stringify({
        client_id: 'local-google-client.apps.googleusercontent.com',
        client_secret: 'local-google-client-secret',
        refresh_token: 'local-google-refresh-token',
      }),
    },
    marketing: {
      metaPixelId: env.BAIXA_META_PIXEL_ID || undefined,
      serverPixelId: env.BAIXA_META_PIXEL_ID || '100000000000001',
      googleAdsCustomerId: '1234567890',
      googleAdsConversionActions: 'lead=1001,sign_up=1002,login=1003,checkout=1004,purchase=1005',
    },
  };
}

/** The WhatsApp phone-number id the local runtime sends from (the stand-in accepts only this one). */
export const LOCAL_WHATSAPP_PHONE_NUMBER_ID = '100000000000002';
