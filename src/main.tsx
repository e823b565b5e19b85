import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/600.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import './lib/font-fallbacks.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPath } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { api, site } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { startInspector } from './lib/inspect';
import { runtimeConfig } from './lib/runtime-config';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

await Promise.all([initI18n(runtimeConfig.locale), startInspector()]);
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// The newer-build watch (and xstate behind it) is not needed for the first paint: it starts after.
const { startBuildCheck } = await import('./lib/build-check');
const buildCheck = startBuildCheck({
  api,
  site,
  currentBuildId: runtimeConfig.buildId,
  connection: (navigator as Navigator & { connection?: { effectiveType?: string } }).connection,
  now: Date.now,
  loadPage: (url) => window.location.assign(url),
});
router.subscribe((state) => {
  if (state.navigation.state === 'loading') buildCheck.navigating(createPath(state.navigation.location));
});
