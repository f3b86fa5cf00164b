/**
 * Where the API lives on the site's own origin: CloudFront sends `/api/*` to API Gateway, whose stage is named after
 * it, and the local runtime does the same; route paths are relative to it. Kept free of zod (unlike `route.ts`), so the
 * public pages' entry chunk can name the API without carrying a schema library.
 */
export const API_STAGE = 'api';
export const API_BASE_PATH = `/${API_STAGE}`;
