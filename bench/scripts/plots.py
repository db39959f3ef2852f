"""PNG plots of the report; without matplotlib the report is written without them."""

import os


def _pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        return None


def _save(plt, fig, out_dir, name):
    path = os.path.join(out_dir, name)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def cubit(plt, data, out_dir):
    rows = [r for r in data.get("rows", []) if r["run"] == 1]
    if not rows:
        return []
    systems = list(dict.fromkeys(r["system"] for r in rows))
    ops = list(dict.fromkeys(r["operation"] for r in rows if "oneway" not in r["operation"]))
    fig, axes = plt.subplots(1, 2, figsize=(13, 5), sharey=True)
    for ax, placement in zip(axes, ("same", "diff")):
        idx = {(r["system"], r["operation"]): r for r in rows if r["placement"] == placement}
        width = 0.8 / len(systems)
        for i, system in enumerate(systems):
            ys = [idx.get((system, op), {}).get("p50_us", 0) for op in ops]
            ax.bar([k + i * width for k in range(len(ops))], ys, width, label=system)
        ax.set_xticks([k + 0.4 - width / 2 for k in range(len(ops))])
        ax.set_xticklabels(ops, rotation=30, ha="right", fontsize=8)
        ax.set_yscale("log")
        ax.set_title(f"twoway p50 (µs), {placement} CPU, run 1")
        ax.legend(fontsize=7)
    return [("IDL_Cubit p50", _save(plt, fig, out_dir, "cubit_latency.png"))]


def concurrency(plt, data, out_dir):
    rows = [r for r in data.get("rows", []) if r["run"] == 1]
    if not rows:
        return []
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5), sharey=True)
    for ax, placement in zip(axes, ("same", "diff")):
        for server in dict.fromkeys(r["server"] for r in rows):
            sel = sorted((r for r in rows if r["placement"] == placement and r["server"] == server),
                         key=lambda r: r["threads"])
            ax.plot([r["threads"] for r in sel], [r["calls_per_second"] for r in sel], "o-",
                    label=server)
        ax.set_xscale("log", base=2)
        ax.set_xlabel("client threads")
        ax.set_title(f"total calls/s, {placement} CPU, run 1")
        ax.legend(fontsize=7)
    return [("concurrency", _save(plt, fig, out_dir, "concurrency.png"))]


def collocation(plt, data, out_dir):
    rows = [r for r in data.get("rows", []) if r["run"] == 1]
    if not rows:
        return []
    fig, ax = plt.subplots(figsize=(9, 4.5))
    modes = ("remote", "thru_poa", "direct", "virtual")
    width = 0.2
    for i, mode in enumerate(modes):
        ys = [r["modes"][mode]["calls_per_second"] if isinstance(r["modes"].get(mode), dict) else 0
              for r in rows]
        ax.bar([k + i * width for k in range(len(rows))], ys, width, label=mode)
    ax.set_xticks([k + 0.3 for k in range(len(rows))])
    ax.set_xticklabels([r["operation"] for r in rows])
    ax.set_yscale("log")
    ax.set_title("calls/s in one process (run 1)")
    ax.legend()
    return [("collocation", _save(plt, fig, out_dir, "collocation.png"))]


def demux(plt, data, out_dir):
    runs = data.get("runs", [])
    if not runs:
        return []
    series = runs[0].get("series", {})
    fig, axes = plt.subplots(1, len(series), figsize=(4.5 * len(series), 4), squeeze=False)
    for ax, (dim, _) in zip(axes[0], series.items()):
        for r in runs:
            points = r["series"].get(dim, [])
            ax.plot([p["n"] for p in points], [p["ns_per_dispatch"] for p in points], "o-",
                    label=f"run {r['run']}")
        ax.set_xscale("log")
        ax.set_ylim(bottom=0)
        ax.set_xlabel(dim)
        ax.set_ylabel("ns per dispatch")
        ax.legend(fontsize=7)
    return [("demultiplexing", _save(plt, fig, out_dir, "demux.png"))]


def mt_cubit(plt, data, out_dir):
    """The high thread's p50 (solid) and p99 (dashed) against N, per configuration; one
    panel per placement and low rate."""
    rows = [r for r in data.get("rows", []) if not r.get("scavenger")]
    placements = list(dict.fromkeys(r["placement"] for r in rows))
    rates = sorted({r["low_rate_hz"] for r in rows if r["low"] > 0}, reverse=True)
    if not placements or not rates:
        return []
    fig, axes = plt.subplots(len(placements), len(rates), figsize=(6 * len(rates),
                             4 * len(placements)), squeeze=False, sharey=True)
    configs = list(dict.fromkeys(r["config"] for r in rows))
    for (i, placement), (j, rate) in ((p, q) for p in enumerate(placements)
                                      for q in enumerate(rates)):
        ax = axes[i][j]
        for k, config in enumerate(configs):
            sel = sorted((r for r in rows if r["placement"] == placement and r["config"] == config
                          and (r["low"] == 0 or r["low_rate_hz"] == rate)), key=lambda r: r["low"])
            xs = [r["low"] for r in sel]
            color = f"C{k}"
            ax.plot(xs, [r["high"]["p50_us"] for r in sel], "o-", color=color, label=config)
            ax.plot(xs, [r["high"]["p99_us"] for r in sel], "x--", color=color)
        ax.set_yscale("log")
        ax.set_xlabel("low-priority client threads")
        ax.set_title(f"{placement}, low {'flat out' if not rate else f'{rate:g} Hz'}: "
                     "high p50 (—) / p99 (--) µs", fontsize=9)
        ax.legend(fontsize=7)
    return [("MT_Cubit high-priority latency", _save(plt, fig, out_dir, "mt_cubit.png"))]


def draw(results, out_dir):
    plt = _pyplot()
    if plt is None:
        return {}
    images = {}
    for name, fn in (("cubit", cubit), ("concurrency", concurrency),
                     ("collocation", collocation), ("demux", demux),
                     ("mt_cubit", mt_cubit)):
        data = results.get("experiments", {}).get(name)
        if data and "error" not in data:
            images[name] = fn(plt, data, out_dir)
    return images
