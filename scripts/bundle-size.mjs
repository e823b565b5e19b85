import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from './setup.mjs';

/**
 * Gzip size of the JavaScript a route loads before its first render: the entry chunk, the page
 * chunk of the route, and every chunk they import statically. Reads the build manifest; no timing.
 * Usage: npm run size [-- page-chunk-name], default home-page.
 */
const dist = path.join(ROOT, 'dist');
const { buildId } = JSON.parse(fs.readFileSync(path.join(dist, 'build.json'), 'utf8'));
const { chunks } = JSON.parse(fs.readFileSync(path.join(dist, '_build', buildId, 'manifest.json'), 'utf8'));
const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
const pageName = process.argv[2] ?? 'home-page';
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

let raw = 0;
let gzip = 0;
for (const file of needed) {
  const content = fs.readFileSync(path.join(dist, file));
  raw += content.length;
  gzip += zlib.gzipSync(content, { level: 9 }).length;
}
console.log(`${pageName}: ${needed.size} JS files before first render, ${(raw / 1024).toFixed(1)} kB raw, ${(gzip / 1024).toFixed(1)} kB gzip`);
