"""The rules tables: their schemas (`model`, `models/`, `effects`), the one loader
(`loader`: built-in, then the user's folder), and what is done with a table: text for
the terminal (`format`), rolling on it (`roll`) and the quick look-up (`lookup`)."""
