import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Layering of SPEC.md section 9. Chakra's menu sits on the `dropdown` layer. */
export const Z_INDEX = { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100 } as const;

/** Plex, then the metric-matched local fonts of font-fallbacks.css (Android's, Windows', and Arial, which Apple's devices have too), then whatever the device has. */
const FONT_STACK =
  "'IBM Plex Sans Arabic', 'Plex fallback: Noto Sans Arabic', 'Plex fallback: Noto Naskh Arabic', 'Plex fallback: Roboto', 'Plex fallback: Segoe UI', 'Plex fallback: Arial', 'Plex fallback: Tahoma', system-ui, sans-serif";

/**
 * Chakra's default light palette puts white on teal, orange, green and cyan 600 and draws subtle,
 * error, success and warning text in shades that fall below WCAG AA's 4.5:1 on white. These colours
 * are one shade darker, so every button, badge and message built on them is readable as it stands.
 */
const solidOnWhite = (palette: string) => ({ value: { _light: `{colors.${palette}.700}`, _dark: `{colors.${palette}.700}` } });

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'teal' },
    body: { bg: 'bg.subtle', color: 'fg' },
  },
  theme: {
    tokens: {
      zIndex: {
        modal: { value: Z_INDEX.modal },
        overlay: { value: Z_INDEX.overlay },
        dropdown: { value: Z_INDEX.menu },
        tooltip: { value: Z_INDEX.tooltip },
      },
      fonts: {
        heading: { value: FONT_STACK },
        body: { value: FONT_STACK },
      },
    },
    semanticTokens: {
      colors: {
        fg: {
          subtle: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } },
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
        teal: { solid: solidOnWhite('teal') },
        orange: { solid: solidOnWhite('orange') },
        green: { solid: solidOnWhite('green') },
        cyan: { solid: solidOnWhite('cyan') },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
