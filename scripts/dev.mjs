import { ensureDependencies, run } from './setup.mjs';

// npm run dev: the server restarts on server changes; the client hot-reloads through Vite inside it.
await ensureDependencies();
process.exitCode = await run('npx', ['tsx', 'watch', '--clear-screen=false', '--ignore', 'src/**', '--ignore', 'data/**', 'server/main.ts'], {
  env: { NODE_ENV: 'development', VITE_DEV_SERVER: 'true' },
});
