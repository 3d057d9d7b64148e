import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// Shades and the dimmed text colour are chosen for a 4.5:1 contrast (WCAG AA) in both themes.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // Plain objects rather than `Modal.extend(...)`: naming the components here would put their code,
  // and that of everything they use, on the first page of every visit.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
    // Tabs that switch routes keep every panel in the page so each tab's aria-controls names an element.
    Tabs: { defaultProps: { keepMounted: true } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Text on a tinted ("light" variant) background: three shades darker than Mantine's default.
    ...Object.fromEntries(Object.keys(resolved.colors).map((color) => [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`])),
    // White text on a filled button or badge: the darkest shade for every colour but the primary one.
    ...Object.fromEntries(
      Object.keys(resolved.colors)
        .filter((color) => color !== resolved.primaryColor)
        .flatMap((color) => [
          [`--mantine-color-${color}-filled`, `var(--mantine-color-${color}-9)`],
          [`--mantine-color-${color}-filled-hover`, `var(--mantine-color-${color}-9)`],
        ]),
    ),
  },
  dark: { '--mantine-color-dimmed': '#a3a3a3', '--mantine-color-error': 'var(--mantine-color-red-4)' },
});
