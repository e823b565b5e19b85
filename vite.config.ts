import { randomUUID } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildManifestPath } from './domain/runtime-config';

/**
 * Gives every production build an id and writes what the server and clients read of it:
 * `build.json` (id and time, served as the latest-build info) and the build's manifest at its
 * per-build path (SPEC.md section 7).
 */
function buildInfo(): Plugin {
  const buildId = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  return {
    name: 'marketplace-build-info',
    apply: 'build',
    generateBundle(_options, bundle) {
      const builtAt = new Date().toISOString();
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [{ file: output.fileName, entry: output.isEntry, dynamicEntry: output.isDynamicEntry, imports: output.imports }] : [],
      );
      this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ buildId, builtAt }) });
      this.emitFile({ type: 'asset', fileName: buildManifestPath(buildId).slice(1), source: JSON.stringify({ buildId, builtAt, chunks }) });
    },
  };
}

export default defineConfig({
  plugins: [react(), buildInfo()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: { port: 5173 },
});
