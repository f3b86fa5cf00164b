import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Resolved from this file, not the cwd, so `vite build --config frontend/vite.config.ts` works from the repo root.
const frontendDir = fileURLToPath(new URL('.', import.meta.url));
const fromFrontend = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: frontendDir,
  plugins: [react()],
  resolve: {
    alias: {
      '@domain': fromFrontend('../domain'),
      '@': fromFrontend('./src'),
    },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: fromFrontend('./dist'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // Vendor code changes less often than ours; separate chunks stay cached across deploys.
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(@aws-amplify\/ui|@aws-amplify\/ui-react)/.test(id)) return 'amplify-ui';
          if (/node_modules\/(aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk)/.test(id)) return 'amplify';
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          return 'vendor';
        },
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; they are harmless and would bury real warnings.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
