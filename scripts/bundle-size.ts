import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEFAULT_LOCALE } from '../domain/locale';
import { pageFiles } from '../server/html/page-preloads';

/**
 * npm run size: the JavaScript each public route loads before its first render, gzip-compressed,
 * against the route's budget of issue 28: the entry script and every chunk it imports, and the files
 * the server names in the page's HTML (`pageFiles`: the page's chunks and its language's words, here
 * the default language's). Reads the build manifest, never a timing; exits with 1 when a route is over.
 */
const BUDGETS = [
  { route: '/', path: '/', gzipKiB: 200 },
  { route: '/product_list', path: '/product_list', gzipKiB: 230 },
  { route: '/ad/{slug}', path: '/ad/any-ad', gzipKiB: 230 },
];
const MOST_FILES = 15;

const dist = path.resolve(import.meta.dirname, '../dist');
const { buildId } = JSON.parse(fs.readFileSync(path.join(dist, 'build.json'), 'utf8')) as { buildId: string };
const { entry, preloadsOf } = pageFiles(JSON.parse(fs.readFileSync(path.join(dist, '_build', buildId, 'manifest.json'), 'utf8')));

let over = 0;
console.log('| route | JS files | raw kB | gzip kB | budget |');
console.log('|---|---:|---:|---:|---|');
for (const { route, path: pagePath, gzipKiB } of BUDGETS) {
  const files = new Set([...entry, ...preloadsOf(pagePath, DEFAULT_LOCALE, [])]);
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
