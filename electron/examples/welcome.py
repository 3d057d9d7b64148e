import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    return (mo,)


@app.cell
def _(mo):
    mo.md(r"""
    # Welcome to Notebook Hub

    This is a [marimo](https://marimo.io) notebook. Each cell is Python; when a cell changes,
    the cells that use what it defines run again, so the notebook always shows a consistent
    state. Move the slider below and watch the summary follow.
    """)
    return


@app.cell
def _(mo):
    count = mo.ui.slider(start=1, stop=20, value=5, label="How many squares")
    name = mo.ui.text(value="friend", label="Your name")
    mo.hstack([count, name], justify="start", gap=2)
    return count, name


@app.cell
def _(count):
    squares = [n * n for n in range(1, count.value + 1)]
    return (squares,)


@app.cell
def _(mo, name, squares):
    mo.md(
        f"""
        Hello, **{name.value}**. The first {len(squares)} squares add up to **{sum(squares)}**,
        and the largest is {squares[-1]}.
        """
    )
    return


if __name__ == "__main__":
    app.run()
