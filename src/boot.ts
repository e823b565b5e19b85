import { APP_FILES_ELEMENT_ID } from '../domain/app-files';
import './lib/font-fallbacks.css';

/**
 * The page's entry: its styles, then the app. A page the server rendered is painted before the app's
 * scripts run, which then take a phone's processor for a while: the visitor sees the page at once
 * and the app takes it over after. The app's files and the web font are asked for after that first
 * paint, all at once (the HTML names the files), so the first paint shares the network with neither.
 * Until the font arrives, text shows in a local font matched to its metrics (font-fallbacks.css), so
 * the page does not move when it comes.
 */
function afterNextPaint(): Promise<void> {
  // A hidden tab paints nothing, and would not run the frame callback until shown.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

if (document.getElementById('root')!.hasChildNodes()) await afterNextPaint();
document.head.append((document.getElementById(APP_FILES_ELEMENT_ID) as HTMLTemplateElement).content);
// A font that does not arrive leaves the matched local font in place: nothing to report or retry.
import('./lib/web-fonts.css').catch(() => {});
await import('./main');
