import { useCallback, useState } from 'react';

/**
 * A dialog form's values in one state, with a setter per field; they go back to `initial` each
 * time the dialog opens, so a form never shows what was typed into it last time.
 */
export function useFormValues<T extends object>(initial: T, opened: boolean) {
  const [values, setValues] = useState(initial);
  const [wasOpened, setWasOpened] = useState(opened);
  // Adjusted while rendering (React's pattern for state that follows a prop): no frame shows the old values.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setValues(initial);
  }
  const set = useCallback(<K extends keyof T>(field: K, value: T[K]) => setValues((current) => ({ ...current, [field]: value })), []);
  return { values, set };
}
