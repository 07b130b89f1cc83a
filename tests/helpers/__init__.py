"""What the tests share beside their fixtures (those are in the conftest.py files): ways to
drive the real app, games and archives made to order, stand-ins for the solver's processes,
and readings of what the view drew. The scripts that tests run as processes of their own are
in children/, run by their path.

pyproject.toml puts tests/ on the path (pytest's `pythonpath`), so a test in any folder
imports these as `from helpers.games import keep_games`. No test module imports another."""
