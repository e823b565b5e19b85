/**
 * Debian's Chromium, as the end-to-end specs and the browser benchmarks launch it: headless, without
 * the sandbox (containers run as root), and without the background traffic a first run starts.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * Debian's build of Chromium's headless shell (the old headless mode, which Playwright's own headless
 * Chromium is too): the same engine without the browser's windowing, so the end-to-end suite spends
 * less of the processor per page. The benchmarks keep the full browser a person runs.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH = process.env.CHROME_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
