import { ensureClientBuild, ensureDependencies, run } from './setup.mjs';

// npm start: install if needed, build the client if it changed, then serve (migrating and seeding
// the embedded SQLite database under data/ on the way). The server prints the address when ready.
// NODE_ENV stays as given (development by default, so the local outbox is readable); a deployment
// sets NODE_ENV=production, with SMTP_URL and PUBLIC_URL (the server refuses to start without them).
await ensureDependencies();
await ensureClientBuild();
process.exitCode = await run('node', ['--import', 'tsx', 'server/main.ts']);
