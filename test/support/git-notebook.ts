/** A small marimo notebook whose one cell names `label`: which commit a notebook was synced from shows in its code. */
export const gitNotebookSource = (label: string) => `import marimo

__generated_with = "0.0.0"
app = marimo.App()


@app.cell
def _():
    label = ${JSON.stringify(label)}
    return (label,)


if __name__ == "__main__":
    app.run()
`;
