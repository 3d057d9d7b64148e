/** Container drivers give each sandbox its own network namespace: ports are numbered from here, one per requested name. */
const FIRST_PORT = 2718;

/** The in-sandbox port number of each requested port name. */
export function containerPorts(names: readonly string[] = []): Record<string, number> {
  return Object.fromEntries(names.map((name, index) => [name, FIRST_PORT + index]));
}
