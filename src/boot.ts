import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/600.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import './lib/font-fallbacks.css';

/**
 * The page's entry: its styles, then the app. A page the server rendered is painted before the app's
 * scripts run, which then take a phone's processor for a while: the visitor sees the page at once
 * and the app takes it over after. The app's files download meanwhile (the HTML names them).
 */
function afterNextPaint(): Promise<void> {
  // A hidden tab paints nothing, and would not run the frame callback until shown.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

if (document.getElementById('root')!.hasChildNodes()) await afterNextPaint();
await import('./main');
