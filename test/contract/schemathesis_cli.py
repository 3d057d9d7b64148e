"""Runs the schemathesis command line (as `schemathesis ...`) with one work-around.

CPython 3.11 before 3.11.8 can fail `ast.parse` with "SystemError: AST constructor recursion
depth mismatch" when it is called deep in the stack, and Hypothesis parses lambda sources there
to describe strategies. A parse that fails that way is retried on a fresh thread, whose stack is
shallow, so the run does not depend on the interpreter's patch level.
"""

import ast
import sys
import threading

_parse = ast.parse


def _parse_on_shallow_stack(*args, **kwargs):
    try:
        return _parse(*args, **kwargs)
    except SystemError:
        outcome = {}

        def run():
            try:
                outcome["tree"] = _parse(*args, **kwargs)
            except BaseException as error:  # handed back to the caller's thread
                outcome["error"] = error

        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
        if "error" in outcome:
            raise outcome["error"]
        return outcome["tree"]


ast.parse = _parse_on_shallow_stack

from schemathesis.cli import schemathesis  # noqa: E402

if __name__ == "__main__":
    sys.argv[0] = "schemathesis"
    sys.exit(schemathesis())
