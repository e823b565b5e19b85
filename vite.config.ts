import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import reactCompiler from 'babel-plugin-react-compiler';
import { type ConfigEnv, defineConfig, type Plugin, type UserConfig } from 'vite';
import { buildManifestPath } from './domain/runtime-config';

/** The browser's build, not the server's copy of the client (`--ssr`), which no browser is sent. */
const browserBuild = (_config: UserConfig, { command, isSsrBuild }: ConfigEnv) => command === 'build' && !isSsrBuild;

/**
 * Gives every production build an id and writes what the server and clients read of it:
 * `build.json` (id and time, served as the latest-build info) and the build's manifest at its
 * per-build path (SPEC.md section 7), which the server also reads to preload a page's files.
 */
function buildInfo(): Plugin {
  const buildId = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  let root = '';
  return {
    name: 'marketplace-build-info',
    apply: browserBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const builtAt = new Date().toISOString();
      // A page's chunk names its source module, by which the server finds the files of a route's page.
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                entry: output.isEntry,
                dynamicEntry: output.isDynamicEntry,
                imports: output.imports,
                ...(output.isDynamicEntry && output.facadeModuleId ? { module: path.relative(root, output.facadeModuleId).split(path.sep).join('/') } : {}),
              },
            ]
          : [],
      );
      this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ buildId, builtAt }) });
      this.emitFile({ type: 'asset', fileName: buildManifestPath(buildId).slice(1), source: JSON.stringify({ buildId, builtAt, chunks }) });
    },
  };
}

/**
 * The server's copy of the client (`vite build --ssr`) carries React, Chakra and the rest inside it,
 * built for production: otherwise Node loads them from node_modules in their development builds
 * whenever the marketplace runs outside NODE_ENV=production (npm start), and renders pages several
 * times slower. The public folder is the browser's, not copied beside it.
 */
function productionServerCopy(): Plugin {
  return {
    name: 'marketplace-production-server-copy',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && Boolean(isSsrBuild),
    config: () => ({
      ssr: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: { copyPublicDir: false },
    }),
  };
}

/** Text the build writes; fonts and pictures are compressed in their own formats already. */
const COMPRESSIBLE_FILE = /\.(js|css|svg|json|txt)$/;
/** Below this a compressed copy saves less than its extra lookup costs. */
const SMALLEST_COMPRESSED_BYTES = 1024;

/**
 * Writes a brotli (`.br`, strongest setting) and a gzip (`.gz`) copy beside each text file of the
 * build, once, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing every asset on every request.
 */
function precompressedCopies(): Plugin {
  let outDir = 'dist';
  return {
    name: 'marketplace-precompressed-copies',
    apply: browserBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const writes = Object.keys(bundle)
        .filter((fileName) => COMPRESSIBLE_FILE.test(fileName))
        .map(async (fileName) => {
          const file = path.join(outDir, fileName);
          const content = await fs.promises.readFile(file);
          if (content.length < SMALLEST_COMPRESSED_BYTES) return;
          const brotli = zlib.brotliCompressSync(content, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          });
          await Promise.all([fs.promises.writeFile(`${file}.br`, brotli), fs.promises.writeFile(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }))]);
        });
      await Promise.all(writes);
    },
  };
}

/**
 * Libraries only some pages need, each in a file of its own: XState (a page with a lifecycle: an
 * auction, a checkout, a negotiation, a draft), socket.io (live data), react-hook-form (a form) and
 * zod (a schema to check).
 */
const PAGE_LIBRARIES = {
  xstate: /node_modules[\\/](xstate|@xstate[\\/]react)[\\/]/,
  socket: /node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io[\\/]component-emitter)[\\/]/,
  forms: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
  zod: /node_modules[\\/]zod[\\/]/,
};
type PageLibrary = keyof typeof PAGE_LIBRARIES;
const pageLibraryOf = (id: string) => (Object.keys(PAGE_LIBRARIES) as PageLibrary[]).find((library) => PAGE_LIBRARIES[library].test(id));
/** The modules that import each library, directly or through others (filled once the graph is known). */
const importersOf = Object.fromEntries(Object.keys(PAGE_LIBRARIES).map((library) => [library, new Set<string>()])) as Record<PageLibrary, Set<string>>;
const importsAPageLibrary = (id: string) => Object.values(importersOf).some((importers) => importers.has(id));

/**
 * Finds the modules that load a library only some pages need, so that the file every page loads
 * leaves them out: there, one such module would bring its library to every page.
 */
function pageLibraryImportersOfTheGraph(): Plugin {
  return {
    name: 'marketplace-page-library-importers',
    apply: browserBuild,
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const library = pageLibraryOf(id);
        if (!library) continue;
        const importers = importersOf[library];
        const pending = [id];
        for (let reached = pending.pop(); reached !== undefined; reached = pending.pop()) {
          for (const importer of this.getModuleInfo(reached)?.importers ?? []) {
            if (importers.has(importer) || pageLibraryOf(importer) === library) continue;
            importers.add(importer);
            pending.push(importer);
          }
        }
      }
    },
  };
}

/**
 * The React Compiler memoizes each component's output by what it reads, so a live change renders
 * the parts of a page it touched rather than every element under the component that selected it.
 * Its plugin is handed to Babel as a value: plugin-react's preset names a file that Babel then loads,
 * and under the development server's `tsx` that file is compiled to CommonJS without `import.meta`.
 */
const reactCompilerForTheBrowser = { ...reactCompilerPreset(), preset: { plugins: [reactCompiler] } };

export default defineConfig({
  plugins: [react(), babel({ presets: [reactCompilerForTheBrowser] }), buildInfo(), pageLibraryImportersOfTheGraph(), precompressedCopies(), productionServerCopy()],
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)) }] },
  build: {
    target: 'es2022',
    // The stylesheet goes into every page's HTML (server/plugins/client.ts): the fonts it names stay
    // files the browser caches, rather than text each page carries again.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Chakra's theme module builds its whole default config (every recipe) at load; its `define*`
      // helpers return their argument, so marking them pure lets the build drop the recipes the
      // marketplace's theme does not name.
      treeshake: { manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe'] },
      output: {
        // Modules that four or more pages share travel in one file: a page then starts from about
        // fifteen files instead of seventy, each a round trip on a phone's network, for a few more
        // kilobytes on some pages than the exact split would send. That file is taken first, so that
        // React and the rest it shares stay out of the libraries' files (a group takes the packages
        // its modules import).
        codeSplitting: {
          groups: [
            { name: 'common', test: (id) => !pageLibraryOf(id) && !importsAPageLibrary(id), minShareCount: 4, priority: 2 },
            ...Object.entries(PAGE_LIBRARIES).map(([name, test]) => ({ name, test, priority: 1 })),
            // The live pages' own modules (an auction's, an order's, a checkout's) in one file, as long
            // as they need no form library.
            {
              name: 'live',
              test: (id) => (importersOf.xstate.has(id) || importersOf.socket.has(id)) && !importersOf.forms.has(id) && !importersOf.zod.has(id),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // Test runs write traces (HTML among them) and the marketplace writes its data inside the project:
    // none of it is the client's source, and a changed HTML file would reload every open page.
    watch: { ignored: ['**/.test-output/**', '**/data/**'] },
  },
});
