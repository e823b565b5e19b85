import { z } from 'zod';
import { matchRoute, PAGE_MODULES } from '../../domain/routes';

/** What the build's manifest says of each JavaScript file (vite.config.ts, `buildInfo`). */
const buildManifestSchema = z.object({
  chunks: z.array(z.object({ file: z.string(), entry: z.boolean(), dynamicEntry: z.boolean(), imports: z.array(z.string()), module: z.string().optional() })),
});

/**
 * The files of the page a path renders that the HTML does not already name: the page's own chunk and
 * every chunk it imports, less what the entry script imports (index.html preloads those). Without
 * them the browser learns of the page's files only once the entry script has run and routed.
 */
export function pagePreloads(manifestJson: unknown): (pathname: string) => string[] {
  const { chunks } = buildManifestSchema.parse(manifestJson);
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const reachedFrom = (files: readonly string[], reached = new Set<string>()) => {
    for (const file of files) {
      if (reached.has(file)) continue;
      reached.add(file);
      reachedFrom(byFile.get(file)?.imports ?? [], reached);
    }
    return reached;
  };
  const loadedByTheEntry = reachedFrom(chunks.filter((chunk) => chunk.entry).map((chunk) => chunk.file));
  const pageFiles = new Map(
    chunks.flatMap((chunk) => (chunk.module ? [[chunk.module, [...reachedFrom([chunk.file])].filter((file) => !loadedByTheEntry.has(file))] as const] : [])),
  );
  return (pathname) => {
    const route = matchRoute(pathname)?.route;
    return route ? (pageFiles.get(`src/features/${PAGE_MODULES[route]}.tsx`) ?? []) : [];
  };
}
