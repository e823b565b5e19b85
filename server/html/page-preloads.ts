import { z } from 'zod';
import { type Locale, STARTING_NAMESPACES } from '../../domain/locale';
import { matchRoute, PAGE_MODULES } from '../../domain/routes';

/** The app, which the entry script (`src/boot.ts`) loads once the page is painted. */
const APP_MODULE = 'src/main.tsx';

/** What the build's manifest says of each JavaScript file (vite.config.ts, `buildInfo`). */
const buildManifestSchema = z.object({
  chunks: z.array(z.object({ file: z.string(), entry: z.boolean(), dynamicEntry: z.boolean(), imports: z.array(z.string()), module: z.string().optional() })),
});

/** Which of the build's JavaScript files a page loads. */
export interface PageFiles {
  /** The entry script and every chunk it imports (index.html names them). */
  entry: ReadonlySet<string>;
  /**
   * The files of the page a path renders that the HTML does not already name: the app's chunk, the
   * page's and every chunk they import, less the entry's, and the words of the page's language: the
   * namespaces every page starts with and those its first view used. Without them the browser learns
   * of these files only once the app has run.
   */
  preloadsOf(pathname: string, locale: Locale, namespaces: readonly string[]): string[];
}

export function pageFiles(manifestJson: unknown): PageFiles {
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
  const entry = reachedFrom(chunks.filter((chunk) => chunk.entry).map((chunk) => chunk.file));
  // Each lazily loaded module (the app, a page, a language's namespace) with the files it adds to the entry's.
  const lazyModuleFiles = new Map(
    chunks.flatMap((chunk) => (chunk.module ? [[chunk.module, [...reachedFrom([chunk.file])].filter((file) => !entry.has(file))] as const] : [])),
  );
  const filesOf = (module: string) => lazyModuleFiles.get(module) ?? [];
  return {
    entry,
    preloadsOf(pathname, locale, namespaces) {
      const route = matchRoute(pathname)?.route;
      const words = [...new Set([...STARTING_NAMESPACES, ...namespaces])].flatMap((namespace) => filesOf(`locales/${locale}/${namespace}.json`));
      return [...new Set([...filesOf(APP_MODULE), ...(route ? filesOf(`src/features/${PAGE_MODULES[route]}.tsx`) : []), ...words])];
    },
  };
}
