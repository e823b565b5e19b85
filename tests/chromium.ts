/**
 * Debian's Chromium, as the end-to-end specs and the browser benchmarks launch it: headless, without
 * the sandbox (containers run as root), and without the background traffic a first run starts.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
