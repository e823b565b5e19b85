import fs from 'node:fs';
import path from 'node:path';
import { ROOT, run } from './setup.mjs';

/** npm run bench: every tests/bench/*.bench.ts in turn, each printing its own figures. */
const BENCH_DIR = path.join(ROOT, 'tests', 'bench');
const benches = fs.readdirSync(BENCH_DIR).filter((name) => name.endsWith('.bench.ts')).sort();

let failed = 0;
for (const name of benches) {
  console.log(`\n── ${name}\n`);
  if ((await run(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, name)])) !== 0) failed++;
}
if (failed > 0) console.error(`\n${failed} of ${benches.length} benchmarks failed.`);
process.exitCode = failed > 0 ? 1 : 0;
