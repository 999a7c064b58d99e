"""Timings for scripts/bench: medians of repeated runs, and ratios measured in the same
run (these 2-core shared machines are noisy). Nothing here is asserted by tests.

`measure` is how; `dice`, `window`, `play`, `undo` and `report` are the parts;
`__main__` runs them and holds the goals."""
