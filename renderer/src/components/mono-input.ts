/** An input whose typed text is in the monospace font (a variable name, a path, an ARN), its label and description not. */
export const MONO_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } as const;
