import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The project's own lint rules:
 * - `layers`: imports flow domain <- machines <- {server, src} (DESIGN.md section 1); src and server
 *   never import each other; a feature folder never imports another feature folder; inside server/,
 *   each part imports only the parts below it (SERVER_PARTS), and a migration imports nothing of ours.
 * - `no-import-cycle`: no file reaches itself through the files it imports.
 * - `no-untranslated-jsx-text`: words shown to people come from locales/, never from JSX literals.
 */
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Which top-level layers each layer may import from. */
const ALLOWED_LAYERS = {
  domain: ['domain'],
  machines: ['domain', 'machines'],
  server: ['domain', 'machines', 'server', 'locales'],
  src: ['domain', 'machines', 'src', 'locales'],
};

/**
 * Which parts of server/ each part may import from. The base is the files at the top of server/
 * (config, errors, i18n, ...); `app` is app.ts and main.ts, which compose the rest. The database never
 * reads the modules that use it, the jobs run above the modules, and a migration imports nothing of
 * ours at all, so what it does never changes after it ran.
 */
const SERVER_PARTS = {
  base: ['base'],
  db: ['base', 'db', 'db/migrations'],
  'db/migrations': [],
  'db/seed': ['base', 'db', 'db/seed', 'modules'],
  html: ['base', 'db', 'html'],
  realtime: ['base', 'db', 'realtime'],
  modules: ['base', 'db', 'html', 'plugins', 'realtime', 'modules'],
  plugins: ['base', 'db', 'db/seed', 'html', 'modules', 'plugins'],
  jobs: ['base', 'db', 'modules', 'plugins', 'realtime', 'jobs'],
  app: ['base', 'db', 'db/migrations', 'db/seed', 'html', 'realtime', 'modules', 'plugins', 'jobs', 'app'],
};
const SERVER_APP_FILES = new Set(['app.ts', 'main.ts']);

function serverPartOf(relative) {
  if (relative.length === 2) return SERVER_APP_FILES.has(relative[1]) ? 'app' : 'base';
  if (relative[1] === 'db' && (relative[2] === 'migrations' || relative[2] === 'seed') && relative.length > 3) return `db/${relative[2]}`;
  return relative[1];
}

function layerOf(file) {
  const relative = path.relative(ROOT, file).split(path.sep);
  return {
    layer: relative[0],
    feature: relative[0] === 'src' && relative[1] === 'features' ? relative[2] : undefined,
    serverPart: relative[0] === 'server' ? serverPartOf(relative) : undefined,
  };
}

const layers = {
  meta: {
    type: 'problem',
    messages: {
      layer: '{{from}} may not import from {{to}} (DESIGN.md section 1).',
      feature: 'Feature "{{from}}" may not import feature "{{to}}": share through domain/, machines/ or src/lib/.',
      serverPart: 'server/{{from}} may not import from server/{{to}} (the parts of server/ in scripts/eslint/marketplace-plugin.mjs).',
      migration: 'A migration imports nothing of ours: write out what it needs, as it is today, so it never changes after it ran.',
    },
    schema: [],
  },
  create(context) {
    const source = layerOf(context.filename);
    if (!(source.layer in ALLOWED_LAYERS)) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = layerOf(path.resolve(path.dirname(context.filename), specifier));
      if (!ALLOWED_LAYERS[source.layer].includes(target.layer)) {
        context.report({ node: node.source, messageId: 'layer', data: { from: source.layer, to: target.layer } });
      } else if (source.feature && target.feature && source.feature !== target.feature) {
        context.report({ node: node.source, messageId: 'feature', data: { from: source.feature, to: target.feature } });
      } else if (source.serverPart === 'db/migrations') {
        context.report({ node: node.source, messageId: 'migration' });
      } else if (source.serverPart && target.serverPart && !SERVER_PARTS[source.serverPart].includes(target.serverPart)) {
        context.report({ node: node.source, messageId: 'serverPart', data: { from: source.serverPart, to: target.serverPart } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const RESOLVED_EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];
/** Each file's relative imports, resolved to files, by path and modification time: read once per lint run. */
const importsByFile = new Map();

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const extension of RESOLVED_EXTENSIONS) {
    const candidate = base + extension;
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return undefined;
}

function importsOf(file) {
  const modified = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  const cached = importsByFile.get(file);
  if (cached && cached.modified === modified) return cached.imports;
  const text = modified === undefined ? '' : fs.readFileSync(file, 'utf8');
  // TypeScript's own scanner: static, dynamic and type-only imports and re-exports alike.
  const imports = ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveImport(file, specifier))
    .filter((resolved) => resolved !== undefined);
  importsByFile.set(file, { modified, imports });
  return imports;
}

/** A chain of imports from `start` back to `file`, or undefined when none leads back. */
function cycleThrough(file, start) {
  const seen = new Set();
  const walk = (current, chain) => {
    if (current === file) return chain;
    if (seen.has(current)) return undefined;
    seen.add(current);
    for (const next of importsOf(current)) {
      const found = walk(next, [...chain, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
}

const noImportCycle = {
  meta: { type: 'problem', messages: { cycle: 'Import cycle: {{chain}}. Move what both need to where neither imports the other.' }, schema: [] },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveImport(file, specifier);
      const chain = target && cycleThrough(file, target);
      if (chain) context.report({ node: node.source, messageId: 'cycle', data: { chain: [file, ...chain].map((step) => path.relative(ROOT, step)).join(' -> ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const TRANSLATED_ATTRIBUTES = new Set(['title', 'alt', 'placeholder', 'aria-label', 'label']);
const LETTER = /\p{L}/u;

const noUntranslatedJsxText = {
  meta: { type: 'problem', messages: { text: 'Visible text "{{text}}" is not translated: put it in locales/ and use t().' }, schema: [] },
  create(context) {
    return {
      JSXText(node) {
        const text = node.value.trim();
        if (LETTER.test(text)) context.report({ node, messageId: 'text', data: { text: text.slice(0, 40) } });
      },
      JSXAttribute(node) {
        if (!TRANSLATED_ATTRIBUTES.has(node.name.name) || node.value?.type !== 'Literal') return;
        if (typeof node.value.value === 'string' && LETTER.test(node.value.value)) {
          context.report({ node, messageId: 'text', data: { text: node.value.value.slice(0, 40) } });
        }
      },
    };
  },
};

export default { rules: { layers, 'no-import-cycle': noImportCycle, 'no-untranslated-jsx-text': noUntranslatedJsxText } };
