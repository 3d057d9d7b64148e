import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import statistics

    import marimo as mo

    return mo, statistics


@app.cell
def _():
    # Monthly readings from three weather stations (made up for the example).
    readings = [
        {"station": station, "month": month, "rain_mm": rain, "temp_c": temp}
        for station, values in {
            "Harbour": [(78, 4.1), (61, 4.8), (55, 7.2), (43, 10.1), (39, 13.6), (35, 16.4)],
            "Hillside": [(95, 1.2), (80, 2.0), (71, 4.9), (60, 8.0), (52, 11.7), (44, 14.9)],
            "Valley": [(52, 3.0), (45, 4.1), (40, 7.9), (33, 11.4), (30, 15.2), (24, 18.8)],
        }.items()
        for month, (rain, temp) in zip(["Jan", "Feb", "Mar", "Apr", "May", "Jun"], values)
    ]
    return (readings,)


@app.cell
def _(mo, readings):
    stations = sorted({row["station"] for row in readings})
    chosen = mo.ui.multiselect(options=stations, value=stations, label="Stations")
    warmest = mo.ui.slider(start=0, stop=20, value=0, label="Months at least this warm (°C)")
    mo.hstack([chosen, warmest], justify="start", gap=2)
    return chosen, warmest


@app.cell
def _(chosen, mo, readings, warmest):
    rows = [row for row in readings if row["station"] in chosen.value and row["temp_c"] >= warmest.value]
    mo.ui.table(rows, label=f"{len(rows)} readings")
    return (rows,)


@app.cell
def _(mo, rows, statistics):
    summary = (
        mo.md(
            f"""
            **Mean rainfall** {statistics.mean(r["rain_mm"] for r in rows):.1f} mm ·
            **mean temperature** {statistics.mean(r["temp_c"] for r in rows):.1f} °C
            """
        )
        if rows
        else mo.md("No readings match: widen the filters above.")
    )
    summary
    return


if __name__ == "__main__":
    app.run()
