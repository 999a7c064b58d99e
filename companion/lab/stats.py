"""Win rates and their 95 % Wilson score intervals."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the normal quantile of 97.5 %


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of `successes` in `trials`: unlike the
    normal approximation it stays within 0..1 and is sound near 0 and 1 and for few
    trials. No trials: the whole of 0..1."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes in {trials} trials")
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    scale = 1 + z2 / trials
    return max(0.0, (centre - half) / scale), min(1.0, (centre + half) / scale)


def overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]
