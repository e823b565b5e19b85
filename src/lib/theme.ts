import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/** Layering of SPEC.md section 9. Chakra's menu sits on the `dropdown` layer. */
export const Z_INDEX = { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100 } as const;

/** Plex, then the metric-matched local fonts of font-fallbacks.css (Android's, Windows', Arial, which Apple's devices have too, and DejaVu Sans, most Linux desktops'), then whatever the device has. */
const FONT_STACK =
  "'IBM Plex Sans Arabic', 'Plex fallback: Noto Sans Arabic', 'Plex fallback: Noto Naskh Arabic', 'Plex fallback: Roboto', 'Plex fallback: Segoe UI', 'Plex fallback: Arial', 'Plex fallback: Tahoma', 'Plex fallback: DejaVu Sans', system-ui, sans-serif";

/**
 * Chakra's default light palette puts white on teal, orange, green and cyan 600 and draws subtle,
 * error, success and warning text in shades that fall below WCAG AA's 4.5:1 on white. These colours
 * are one shade darker, so every button, badge and message built on them is readable as it stands.
 */
const solidOnWhite = (palette: string) => ({ value: { _light: `{colors.${palette}.700}`, _dark: `{colors.${palette}.700}` } });

/**
 * Chakra's default theme with the recipes of the components the marketplace uses, and no others:
 * `defaultConfig` carries all of them, which every page would download and evaluate before its first
 * render. A component new to `src/` needs its recipe here; a theme test fails until it has one.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      switch: switchSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

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

let system: SystemContext | undefined;

/**
 * Chakra's system for the marketplace's theme, made on first use rather than when the module loads:
 * building it is long work for a phone, and the first render can take it without lengthening the one
 * task in which the browser evaluates all of the app's modules.
 */
export function marketplaceSystem(): SystemContext {
  return (system ??= createSystem(defaultBaseConfig, chakraTheme, config));
}
