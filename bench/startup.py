"""Time from process start to the first frame drawn, as a whole process.

Runs `main.py --frames 1` (which quits right after its first frame) several times, headless,
and prints the median and p99 wall time; goal: median <= 0.5 s from source.
With --exe PATH it measures a built executable beside the source.
Run: python bench/startup.py [--runs N] [--exe dist/2048]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def time_command(command: list[str], runs: int) -> list[float]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    times = []
    with tempfile.TemporaryDirectory() as data:
        for _ in range(runs + 1):  # the first run warms the disk cache and is not counted
            start = time.perf_counter()
            subprocess.run(
                [*command, "--frames", "1", "--data-dir", data],
                cwd=ROOT,
                env=env,
                check=True,
                capture_output=True,
            )
            times.append(time.perf_counter() - start)
    return times[1:]


def report(label: str, times: list[float], goal: float) -> None:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    median = statistics.median(times)
    verdict = "ok" if median <= goal else "over"
    print(
        f"{label:>10}: median {median:.3f} s, p99 {p99:.3f} s (goal median <= {goal} s) {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--exe", help="a built executable to measure beside the source")
    args = parser.parse_args()
    print(f"runs: {args.runs}, headless, process start to exit after the first frame")
    source = time_command([sys.executable, "main.py"], args.runs)
    report("source", source, 0.5)
    if args.exe:
        exe = time_command([str(Path(args.exe).resolve())], args.runs)
        report("executable", exe, 1.0)
        print(
            f"executable / source median: {statistics.median(exe) / statistics.median(source):.2f}"
        )


if __name__ == "__main__":
    main()
