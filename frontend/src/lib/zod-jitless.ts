import * as z from 'zod';

/**
 * zod without its JIT in the browser. An object schema compiles its parser with `new Function`, which the site's policy
 * forbids (script-src without 'unsafe-eval', lib/content-security-policy.ts): zod's probe for it was refused and
 * reported as a violation at every start of the app, before zod fell back to this same path. zod reads the setting when
 * a schema is made, so this module is the first import of each entry that makes schemas: main.tsx and the lookup
 * island's calls (features/lookup/api/lookup-actions.ts). The functions keep the JIT (no such policy on Lambda).
 */
z.config({ jitless: true });
