"""The arithmetic of the notation's products: whole numbers (`/` toward zero, `//`
down, `%` what `//` leaves) and, in a product with decimals, exact Fractions rounded
once at its end, a half going down."""

from __future__ import annotations

from fractions import Fraction
from math import ceil

PRODUCT_OPS = ("*", "/", "//", "%")


def divide(a: int, b: int, op: str) -> int:
    """`a op b` for the notation's whole-number operators (b is never 0 here)."""
    if op == "*":
        return a * b
    if op == "//":
        return a // b
    if op == "%":
        return a % b
    quotient = abs(a) // abs(b)  # "/": toward zero, as rules round halves down
    return quotient if (a < 0) == (b < 0) else -quotient


def round_half_down(value: Fraction) -> int:
    """The nearest whole number, a half going down: 2.5 is 2, 2.6 is 3, -2.5 is -3."""
    return ceil(value - Fraction(1, 2))


def exact(a: Fraction, b: Fraction, op: str) -> Fraction:
    """`a op b` in a product with decimals: * and / exact, // and % as for whole numbers."""
    if op == "*":
        return a * b
    if op == "/":
        return a / b
    return Fraction(a // b) if op == "//" else a % b
