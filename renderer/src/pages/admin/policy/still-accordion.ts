import type { AccordionProps } from '@mantine/core';

/**
 * No fades: an accordion's colours then follow a theme switch at once, as its text does, and
 * what opens is readable straight away.
 */
export const STILL = {
  transitionDuration: 0,
  styles: { item: { transition: 'none' }, control: { transition: 'none' } },
} satisfies Partial<AccordionProps>;
