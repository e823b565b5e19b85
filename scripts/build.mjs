import { ensureClientBuild } from './setup.mjs';

// npm run build: the browser's build and the server's copy of it, as npm start and npm test make them.
await ensureClientBuild({ force: true });
