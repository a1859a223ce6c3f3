import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  codeRecipe,
  dataListSlotRecipe,
  colorSwatchRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skipNavLinkRecipe,
  sliderSlotRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme minus the recipes this app does not use. `defaultConfig` registers every
 * component recipe (about 20 KB gzip in the first load, which has to fit in 160 KB for /login).
 * Using a Chakra component whose recipe is not listed here renders it unstyled:
 * test/views/theme-recipes.test.tsx fails then and names the recipe to add.
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
      code: codeRecipe,
      // @chakra-ui/charts draws its legend's and tooltips' swatches with ColorSwatch.
      colorSwatch: colorSwatchRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
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
      radioGroup: radioGroupSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      slider: sliderSlotRecipe,
      stat: statSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/** The dashboard's design tokens on top of Chakra's defaults (system fonts only: nothing is downloaded). */
const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's solid blue and green (600) hold white text at 5.2:1 and 3.3:1, and a hovered
        // button (solid at 90 %) at 4.3:1: under WCAG AA's 4.5:1. One shade darker passes in every state.
        blue: { solid: { value: '{colors.blue.700}' } },
        green: { solid: { value: '{colors.green.700}' } },
        // Error text (Field.ErrorText, every `fg.error`): Chakra's red.500 is 3.8:1 on white. red.700
        // holds 7.6:1 or more on white, the grey panels and the red alert background; red.400 on the
        // dark backgrounds holds 6.4:1 or more.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
      },
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, chakraTheme), config);
