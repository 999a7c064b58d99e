"""Errors a user can cause: each says what went wrong and where, and changes nothing."""


class UserError(Exception):
    """A mistake in the user's input (a file, a command argument, dice notation).

    The command line prints the message on one line and exits with `exit_code`;
    it is never shown as a traceback.
    """

    exit_code = 2

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code
