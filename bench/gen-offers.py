#!/usr/bin/env python3
"""Writes a data folder with N offers (default 10^6) for timing
`gpuplan --data DIR --check-data`: the bundled models and GPU types, and
the bundled offers repeated with the price, the date and the region varied
(dates before 2026-10-13, so no row is dated in the future). Not committed
data: run it where the figures are taken.

    python3 bench/gen-offers.py /tmp/million [N]
"""
import csv
import os
import shutil
import sys

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)


def bundled_offers():
    with open(os.path.join(top, "prices", "offers.csv"), newline="", encoding="utf-8") as f:
        rows = [r for r in csv.reader(f) if r and not r[0].startswith("#")]
    return rows[0], rows[1:]


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000000
    for sub in ("models", "prices"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    shutil.copy(os.path.join(top, "models", "models.csv"), os.path.join(out, "models"))
    shutil.copy(os.path.join(top, "prices", "gpus.csv"), os.path.join(out, "prices"))
    header, rows = bundled_offers()
    col = {name: i for i, name in enumerate(header)}
    regions = ["", "四川二区", "湖北一区", "宁夏一区", "吉林一区", "华东一区", "华北二区"]
    with open(os.path.join(out, "prices", "offers.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for i in range(n):
            r = list(rows[i % len(rows)])
            price = "monthly" if r[col["monthly"]] else "hourly"
            base = float(r[col[price]])
            r[col[price]] = "%g" % round(base * (0.8 + (i % 400) / 1000), 2)
            r[col["collected"]] = "20%02d-%02d-%02d" % (24 + i % 3, 1 + i % 9, 1 + i % 28)
            if r[col["kind"]] == "baremetal":
                r[col["region"]] = regions[i % len(regions)]
            w.writerow(r)


if __name__ == "__main__":
    main()
