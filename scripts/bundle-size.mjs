import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from './setup.mjs';

/**
 * npm run size: the JavaScript each public route loads before its first render (the entry chunk, the
 * route's page chunk and every chunk they import statically), gzip-compressed, against the route's
 * budget of issue 28. Reads the build manifest, never a timing; exits with 1 when a route is over.
 */
const BUDGETS = [
  { route: '/', page: 'home-page', gzipKiB: 200 },
  { route: '/product_list', page: 'product-list-page', gzipKiB: 230 },
  { route: '/ad/{slug}', page: 'ad-page', gzipKiB: 230 },
];
const MOST_FILES = 15;

const dist = path.join(ROOT, 'dist');
const { buildId } = JSON.parse(fs.readFileSync(path.join(dist, 'build.json'), 'utf8'));
const { chunks } = JSON.parse(fs.readFileSync(path.join(dist, '_build', buildId, 'manifest.json'), 'utf8'));
const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));

function filesBeforeFirstRender(pageName) {
  const page = chunks.find((chunk) => chunk.dynamicEntry && path.basename(chunk.file).startsWith(`${pageName}-`));
  if (!page) throw new Error(`no page chunk named ${pageName}`);
  const needed = new Set();
  const visit = (file) => {
    if (needed.has(file)) return;
    needed.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  for (const entry of chunks.filter((chunk) => chunk.entry)) visit(entry.file);
  visit(page.file);
  return needed;
}

let over = 0;
console.log('| route | JS files | raw kB | gzip kB | budget |');
console.log('|---|---:|---:|---:|---|');
for (const { route, page, gzipKiB } of BUDGETS) {
  const files = filesBeforeFirstRender(page);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = fs.readFileSync(path.join(dist, file));
    raw += content.length;
    gzip += zlib.gzipSync(content, { level: 9 }).length;
  }
  const fits = gzip <= gzipKiB * 1024 && files.size <= MOST_FILES;
  if (!fits) over += 1;
  console.log(`| ${route} | ${files.size} | ${(raw / 1024).toFixed(1)} | ${(gzip / 1024).toFixed(1)} | ≤ ${gzipKiB} kB in ≤ ${MOST_FILES} files: ${fits ? 'within' : 'OVER'} |`);
}
if (over > 0) {
  console.error(`\n${over} of ${BUDGETS.length} routes are over their budget.`);
  process.exitCode = 1;
}
