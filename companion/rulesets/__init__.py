"""Rule systems, one package each, pure Python (no pygame): `base` is the contract
they implement, `registry` says which there are."""
