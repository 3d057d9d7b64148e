/** Notebooks the jobs tests and the jobs benchmark run; no test framework here, so a benchmark can import it. */

/** A notebook that prints its arguments and renders a line of Markdown; `fail` makes a cell raise. */
export function jobNotebook(options: { fail?: string; sleepSeconds?: number } = {}): string {
  const body = [
    '    import marimo as mo',
    '    import time',
    '    print("job arguments:", dict(mo.cli_args()), flush=True)',
    ...(options.sleepSeconds ? [`    time.sleep(${options.sleepSeconds})`] : []),
    ...(options.fail ? [`    raise ValueError(${JSON.stringify(options.fail)})`] : []),
    "    mo.md(f\"# Report for {mo.cli_args().get('day', 'every day')}\")",
  ];
  return [
    'import marimo',
    '',
    'app = marimo.App()',
    '',
    '',
    '@app.cell',
    'def _():',
    ...body,
    '    return',
    '',
    '',
    'if __name__ == "__main__":',
    '    app.run()',
    '',
  ].join('\n');
}
