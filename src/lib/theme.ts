import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Layering of SPEC.md section 9. Chakra's menu sits on the `dropdown` layer. */
export const Z_INDEX = { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100 } as const;

const FONT_STACK = "'IBM Plex Sans Arabic', 'Segoe UI', Tahoma, system-ui, sans-serif";

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
  },
});

export const system = createSystem(defaultConfig, config);
