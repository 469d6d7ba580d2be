"""The engines' command line (a public contract, see DESIGN.md).

    python -m games.engine variants
    python -m games.engine new KEY [--options JSON] [--seed N]
    python -m games.engine actions STATE_JSON
    python -m games.engine apply STATE_JSON ACTION_JSON
    python -m games.engine plays KEY --position ID --dice 3-1 [--options JSON]   (tables only)
    python -m games.engine replay-ludii TRACE.jsonl.gz [--key KEY] [--options JSON] [--verbose]

STATE_JSON and ACTION_JSON are inline JSON or ``@file``. Bad input: one line on stderr, exit 2.
``replay-ludii`` replays a Ludii oracle trace on a rules file (``games/engine/rules/ludii.py``):
exit 0 when every step agrees or a clause explains it and the result agrees, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from games.engine.core import (
    Action,
    EngineError,
    IllegalAction,
    InvalidOptions,
    InvalidState,
    State,
    Variant,
    get_variant,
    loads,
    variants,
)


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, like every other bad input
        raise UsageError(message)


def _read_json(text: str, what: str, error: type[EngineError]) -> Any:
    if text.startswith("@"):
        path = text[1:]
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or "not UTF-8 text"
            raise UsageError(f"{what}: cannot read {path}: {reason}") from None
    return loads(text, what, error)


def _state_arg(text: str) -> tuple[Variant, State]:
    data = _read_json(text, "STATE_JSON", InvalidState)
    if not isinstance(data, dict) or not isinstance(data.get("variant"), str):
        raise UsageError('STATE_JSON must be a JSON object with a "variant" key')
    variant = get_variant(data["variant"])
    return variant, variant.state_from_json(data)


def _settle(variant: Variant, state: State, rng: random.Random) -> State:
    """Draw chance actions until a side has a decision (or the game is over)."""
    while variant.outcome(state) is None and variant.is_chance(state):
        state = variant.apply(state, variant.draw(state, rng))
    return state


def _print(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, sort_keys=True))


def _replay_ludii(args: argparse.Namespace) -> int:
    from games.engine.rules import rules_variant
    from games.engine.rules.ludii import find_variant, format_report, read_trace, replay

    options = _read_json(args.options, "--options", InvalidOptions)
    if not isinstance(options, dict):
        raise UsageError("--options must be a JSON object")
    trace = read_trace(args.trace)
    variant = rules_variant(args.key) if args.key else find_variant(trace.header)
    report = replay(trace, variant, options, verbose=args.verbose)
    for line in format_report(report, trace, verbose=args.verbose):
        print(line)
    return 0 if report.ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m games.engine", description="Play and analyse the catalogue's rule sets.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("variants", help="list the variant keys, one a line")
    p_new = sub.add_parser("new", help="print a new game's state as JSON")
    p_new.add_argument("key")
    p_new.add_argument("--options", default="{}", help="options as JSON or @file")
    p_new.add_argument("--seed", type=int, help="draw the opening chance actions with this seed")
    p_act = sub.add_parser("actions", help="print the legal actions of a state")
    p_act.add_argument("state")
    p_apply = sub.add_parser("apply", help="apply one action and print the next state")
    p_apply.add_argument("state")
    p_apply.add_argument("action")
    p_plays = sub.add_parser("plays", help="list every legal complete play (tables only)")
    p_plays.add_argument("key")
    p_plays.add_argument("--position", help="a GNU Backgammon Position ID, player on roll first")
    p_plays.add_argument("--dice", help="the roll, e.g. 3-1")
    p_plays.add_argument("--options", default="{}", help="the variant's options as JSON or @file")
    p_replay = sub.add_parser("replay-ludii", help="replay a Ludii trace on a rules file, step by step")
    p_replay.add_argument("trace", help="a trace file (.jsonl.gz) of the Ludii oracle")
    p_replay.add_argument("--key", help="the rules file's variant key (default: by the trace's DLP ids)")
    p_replay.add_argument("--options", default="{}", help="the variant's options as JSON or @file")
    p_replay.add_argument("--verbose", action="store_true", help="print every step, not only the differences")

    try:
        args = parser.parse_args(argv)
        if args.command == "variants":
            for key in variants():
                print(key)
        elif args.command == "new":
            variant = get_variant(args.key)
            state = variant.new_game(_read_json(args.options, "--options", InvalidOptions))
            if args.seed is not None:
                state = _settle(variant, state, random.Random(args.seed))
            _print(state.to_json())
        elif args.command == "actions":
            variant, state = _state_arg(args.state)
            _print([a.to_json() for a in variant.legal_actions(state)])
        elif args.command == "apply":
            variant, state = _state_arg(args.state)
            action = Action.from_json(_read_json(args.action, "ACTION_JSON", IllegalAction))
            _print(variant.apply(state, action).to_json())
        elif args.command == "plays":
            variant = get_variant(args.key)
            plays = getattr(variant, "cli_plays", None)
            if plays is None:
                raise UsageError(f"plays is for tables variants only, not {args.key}")
            options = _read_json(args.options, "--options", InvalidOptions)
            return plays(position=args.position, dice=args.dice, options=options, stdin=sys.stdin, stdout=sys.stdout)
        elif args.command == "replay-ludii":
            return _replay_ludii(args)
    except (UsageError, EngineError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
