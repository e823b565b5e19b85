import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium, ensureClientBuild, installPackages, isRoot, ROOT, run } from './setup.mjs';

/**
 * npm test: every suite, each reported, then the total over all of them on the last line
 * (`N passed, N failed, N skipped`). Typecheck, lint and the client build count as one check each.
 * Suites that share nothing run side by side, each writing to its own log, printed whole when it
 * ends: the checks while the packages' install scripts run, then the unit and server suites. The
 * end-to-end suite runs alone last: on two cores, browsers beside the other suites load pages past
 * the tests' waits.
 */
const OUTPUT_DIR = path.join(ROOT, '.test-output');
fs.rmSync(OUTPUT_DIR, { recursive: true, force: true });
fs.mkdirSync(OUTPUT_DIR, { recursive: true });

const started = Date.now();
const secondsSince = (time) => Math.round((Date.now() - time) / 1000);
const results = [];
/** A suite's counts, and when it ended after `npm test` started (suites side by side overlap). */
const record = (name, counts) => {
  results.push({ name, passed: 0, failed: 0, skipped: 0, ...counts, endedAtS: secondsSince(started) });
  console.log(`\n── ${name}: ${counts.passed ?? 0} passed, ${counts.failed ?? 0} failed, ${counts.skipped ?? 0} skipped\n`);
};

/** Runs a command with its output in `<name>.log`, and prints that log once the command ends. */
async function runLogged(name, command, args, options = {}) {
  const log = path.join(OUTPUT_DIR, `${name}.log`);
  const descriptor = fs.openSync(log, 'w');
  try {
    return await run(command, args, { ...options, stdio: ['ignore', descriptor, descriptor] });
  } finally {
    fs.closeSync(descriptor);
    console.log(`\n── ${name}\n${fs.readFileSync(log, 'utf8')}`);
  }
}

const check = async (name, command, args) => record(name, (await runLogged(name, command, args)) === 0 ? { passed: 1 } : { failed: 1 });

async function vitest(name, project, env = {}) {
  const report = path.join(OUTPUT_DIR, `${name}.json`);
  const code = await runLogged(name, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${report}`], { env });
  if (!fs.existsSync(report)) return record(name, { failed: 1 });
  const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
  const failed = summary.numFailedTests + (code !== 0 && summary.numFailedTests === 0 ? 1 : 0);
  record(name, { passed: summary.numPassedTests, failed, skipped: summary.numPendingTests + summary.numTodoTests });
}

/** A throwaway PostgreSQL cluster in a temporary folder, as STACK.md describes. */
async function withPostgres(body) {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  const initdb = versions.map((version) => `/usr/lib/postgresql/${version}/bin/initdb`).filter((file) => fs.existsSync(file)).at(-1);
  if (!initdb) {
    console.log('PostgreSQL binaries not found under /usr/lib/postgresql: the PostgreSQL run is skipped.');
    return record('server (PostgreSQL)', { skipped: 1 });
  }
  const bin = path.dirname(initdb);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-pg-'));
  const port = 54329;
  // initdb refuses to run as root: the cluster belongs to the postgres user then.
  const asOwner = (command, args) => (isRoot() ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args));
  if (isRoot()) fs.chownSync(dir, ...idsOf('postgres'));
  const dataDir = path.join(dir, 'data');
  try {
    if ((await asOwner(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'])) !== 0) throw new Error('initdb failed');
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    if ((await asOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start'])) !== 0) throw new Error('pg_ctl start failed');
    await body(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } catch (error) {
    console.error(error);
    record('server (PostgreSQL)', { failed: 1 });
  } finally {
    await asOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function idsOf(user) {
  const line = fs.readFileSync('/etc/passwd', 'utf8').split('\n').find((entry) => entry.startsWith(`${user}:`));
  if (!line) throw new Error(`no ${user} user on this machine`);
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

async function clientBuild() {
  try {
    // Built again only when a source is newer than the build.
    await ensureClientBuild();
    record('client build', { passed: 1 });
  } catch {
    record('client build', { failed: 1 });
  }
}

async function endToEnd() {
  if (!(await ensureChromium())) return record('end-to-end (Chromium)', { failed: 1 });
  if (results.some((result) => result.name === 'client build' && result.failed > 0)) return record('end-to-end (Chromium)', { failed: 1 });
  const report = path.join(OUTPUT_DIR, 'e2e.json');
  const code = await run('npx', ['playwright', 'test', '--reporter=list,json'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report } });
  if (!fs.existsSync(report)) return record('end-to-end (Chromium)', { failed: 1 });
  const { stats } = JSON.parse(fs.readFileSync(report, 'utf8'));
  const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  record('end-to-end (Chromium)', { passed: stats.expected + stats.flaky, failed, skipped: stats.skipped });
}

const { scripts: packageScripts } = await installPackages();
console.log(`Packages ready after ${secondsSince(started)} s`);
// Typecheck and lint keep what they learnt last time, so an unchanged file is not checked again.
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache');
// The checks need no native module, so they run while the SQLite driver compiles; the suites wait for it.
await Promise.all([
  check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', path.join(CACHE_DIR, 'tsc', 'tsbuildinfo')]),
  check('lint', 'npx', ['eslint', '--max-warnings', '0', '--cache', '--cache-strategy', 'content', '--cache-location', path.join(CACHE_DIR, 'eslint') + path.sep, '.']),
  clientBuild(),
  packageScripts.then((ran) => ran || record('package install scripts', { failed: 1 })),
]);
const packagesInstalled = !results.some((result) => result.name === 'package install scripts');
// Each server run opens databases of its own: SQLite files in their own folders, PostgreSQL databases on their own cluster.
await Promise.all([
  vitest('unit and machines', 'unit'),
  // Without the SQLite driver every server test and the end-to-end server would fail on it: the failure above says why.
  ...(packagesInstalled ? [vitest('server (SQLite)', 'server'), withPostgres((url) => vitest('server (PostgreSQL)', 'server', { TEST_DATABASE_URL: url }))] : []),
]);
if (packagesInstalled) await endToEnd();

const total = results.reduce((sum, result) => ({ passed: sum.passed + result.passed, failed: sum.failed + result.failed, skipped: sum.skipped + result.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log('\nSuites:');
for (const result of results) console.log(`  ${result.name.padEnd(24)} ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped, ended after ${result.endedAtS} s`);
console.log(`Took ${secondsSince(started)} s`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 ? 1 : 0;
