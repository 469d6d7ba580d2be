"""Shared timing for the benchmarks: every figure is reported with a reference measured in the
same run, so results from different machines compare as ratios."""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Timing:
    name: str
    samples: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def p95(self) -> float:
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def time_calls(name: str, fn: Callable[[], object], repeat: int, warmup: int = 3) -> Timing:
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return Timing(name, samples)


def report(timings: list[Timing], reference: Timing) -> None:
    """Print median and p95 in milliseconds and the median's ratio to the reference."""
    print(f"{'what':48} {'median ms':>10} {'p95 ms':>10} {'x ref':>8}")
    for t in [reference, *timings]:
        print(f"{t.name:48} {t.median * 1000:10.2f} {t.p95 * 1000:10.2f} {t.median / reference.median:8.2f}")
