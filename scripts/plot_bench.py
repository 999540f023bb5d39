#!/usr/bin/env python3
"""Plots `xpose bench --json` results as bars of % of cudaMemcpy.

A single-problem file (`xpose bench`) gives one bar per strategy and baseline; a suite
file (`xpose bench --suite NAME`) gives one panel per group with auto's % of memcpy per
case, cuBLAS beside it where it ran, and the target as a tick.

usage: scripts/plot_bench.py results.json[.gz] [more.json ...] -o bench.png
(the recorded results in bench/results/ are gzipped; either form is read)
"""
import argparse
import gzip
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def bench_panel(ax, report, title):
    rows = [r for r in report["results"] if r["ran"] and r["name"] != "cudaMemcpy"]
    names = [r["name"] for r in rows]
    pct = [r["pct_memcpy"] for r in rows]
    colors = ["#999999" if r["baseline"] else ("#d62728" if r.get("verified") == "WRONG" else "#1f77b4") for r in rows]
    ax.barh(names, pct, color=colors)
    ax.axvline(100, color="black", linewidth=0.8)
    for y, v in enumerate(pct):
        ax.text(v + 1, y, f"{v:.1f}%", va="center", fontsize=7)
    ax.invert_yaxis()
    ax.set_xlim(0, max(110, max(pct, default=0) + 12))
    ax.set_xlabel("% of cudaMemcpy (same bytes, same run)")
    ax.set_title(title, fontsize=9)
    ax.tick_params(axis="y", labelsize=7)


def suite_panels(fig, suite, title):
    groups = {}
    for row in suite["rows"]:
        groups.setdefault(row["group"], []).append(row)
    ratios = [len(rows) + 2 for rows in groups.values()]  # panel height follows its row count
    axes = fig.subplots(len(groups), 1, squeeze=False, gridspec_kw={"height_ratios": ratios})[:, 0]
    for ax, (group, rows) in zip(axes, groups.items()):
        labels, xpose, cublas, targets = [], [], [], []
        for row in rows:
            res = {r["name"]: r for r in row["bench"]["results"]}
            auto = res.get("auto")
            cub = next((r for r in row["bench"]["results"] if r["name"].startswith("cublas") and r["ran"]), None)
            labels.append(row["case"])
            xpose.append(auto["pct_memcpy"] if auto and auto["ran"] else 0)
            cublas.append(cub["pct_memcpy"] if cub else 0)
            t = row["target"]
            targets.append(100 * float(t.split()[1]) if t.startswith(">=") else None)
        y = range(len(labels))
        ax.barh([i - 0.2 for i in y], xpose, height=0.4, color="#1f77b4", label="xpose auto")
        ax.barh([i + 0.2 for i in y], cublas, height=0.4, color="#999999", label="cuBLAS geam")
        for i, t in enumerate(targets):
            if t is not None:
                ax.plot([t, t], [i - 0.45, i + 0.45], color="#d62728", linewidth=1.2)
        ax.set_yticks(list(y), labels, fontsize=6)
        ax.invert_yaxis()
        ax.axvline(100, color="black", linewidth=0.6)
        ax.set_xlim(0, 112)
        ax.set_title(f"{title}: {group} (red tick: target)", fontsize=8)
        ax.legend(fontsize=6, loc="lower right")
    axes[-1].set_xlabel("% of cudaMemcpy (same bytes, same run)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("-o", "--output", default="bench.png")
    args = ap.parse_args()
    docs = [json.load(gzip.open(p, "rt") if p.endswith(".gz") else open(p)) for p in args.inputs]
    suites = [d for d in docs if "suite" in d]
    benches = [d for d in docs if "suite" not in d]
    if suites:
        suite = suites[0]
        rows = len(suite["rows"])
        fig = plt.figure(figsize=(9, max(6, 0.2 * rows + 1.2 * len({r["group"] for r in suite["rows"]}))))
        device = suite["rows"][0]["bench"]["device"]["name"] if rows else "?"
        suite_panels(fig, suite, f"xpose bench --suite {suite['suite']} on {device}")
    else:
        fig, axes = plt.subplots(len(benches), 1, figsize=(8, 3.2 * len(benches)), squeeze=False)
        for ax, b in zip(axes[:, 0], benches):
            p = b["problem"]
            title = (f"{b['device']['name']}: {p['batch']} x {p['rows']} x {p['cols']}, "
                     f"{p['elem_bytes']}-byte elements")
            bench_panel(ax, b, title)
    fig.tight_layout()
    fig.savefig(args.output, dpi=130)
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
