"""Subcommands of `companion`: each module offers `register(subparsers)`.

A command's handler takes the parsed arguments and returns the exit status.
"""
