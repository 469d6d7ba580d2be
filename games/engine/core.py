"""The contract every playable rule set keeps.

A *variant* is one playable rule set, found by key (``family.name``) in a registry::

    >>> from games.engine import get_variant
    >>> v = get_variant("tables.backgammon")       # doctest: +SKIP
    >>> s = v.new_game({"match_to": 1})            # doctest: +SKIP

States and actions are immutable values that round-trip through JSON. Chance is an input,
never hidden inside the rules: when dice are due, ``variant.is_chance(state)`` is true, the
legal actions are the possible outcomes, and ``variant.draw(state, rng)`` picks one with the
right probabilities from a ``random.Random`` (the server passes ``secrets.SystemRandom()``,
tests pass ``random.Random(seed)``), so every game replays exactly from its log.

Nothing here (or anywhere below ``games/engine``) imports Django.
"""
from __future__ import annotations

import json
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

__all__ = [
    "Action",
    "EngineError",
    "IllegalAction",
    "InvalidOptions",
    "InvalidState",
    "OptionSpec",
    "Outcome",
    "State",
    "UnknownVariant",
    "Variant",
    "brief",
    "check_depth",
    "loads",
    "get_variant",
    "register",
    "variants",
]


class EngineError(ValueError):
    """Base of every error the engines raise on bad input."""


class IllegalAction(EngineError):
    """An action that is malformed or not legal in the given state.

    >>> str(IllegalAction("point 7 is closed"))
    'point 7 is closed'
    """


class InvalidOptions(EngineError):
    """Options a variant does not know, or values out of range."""


class InvalidState(EngineError):
    """A state (usually JSON) that is malformed or breaks the rules."""


class UnknownVariant(EngineError, LookupError):
    """No variant is registered under that key."""


#: How deep JSON given to the engines may nest. No state or action of any family nests deeper
#: than four levels; the limit keeps hostile input (a list inside a list ... fifty thousand
#: times) from exhausting Python's stack in the readers or in ``json``.
MAX_DEPTH = 32

#: The longest whole number (in digits) the engines read. Python refuses to turn an integer of
#: more than 4,300 digits into text, so an error message naming such a number would itself fail.
MAX_DIGITS = 100


def brief(value: Any, limit: int = 60) -> str:
    """``value`` as short JSON-like text for an error message, whatever it is (never raises).

    >>> brief([1, [2, [3]]]), brief("x" * 100)[-5:], brief(10 ** 5000)[:12]
    ('[1, [2, [3]]]', 'xx...', 'a number of ')
    """
    if isinstance(value, int) and not isinstance(value, bool) and too_long(value):
        return f"a number of more than {MAX_DIGITS} digits"
    try:
        if nesting(value) > 4:
            return "a value nested more than 4 levels deep"
        text = json.dumps(value, ensure_ascii=False, default=lambda v: f"<{type(v).__name__}>")
    except (TypeError, ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


# The least magnitude ``too_long`` refuses: a bit length over MAX_DIGITS * 3.33 (log2 of 10 taken
# a little low, so a number refused surely has more than MAX_DIGITS digits), i.e. 2 ** floor(that).
_TOO_LONG = 1 << math.floor(MAX_DIGITS * 3.33)


def too_long(number: int) -> bool:
    """Whether a whole number has more than ``MAX_DIGITS`` digits (checked without printing it).

    >>> too_long(10 ** 99), too_long(-(10 ** 100)), too_long(10 ** 101)
    (False, False, True)
    """
    return not -_TOO_LONG < number < _TOO_LONG


def nesting(value: Any, stop: int = MAX_DEPTH + 1) -> int:
    """How deeply lists and mappings nest in ``value`` (a scalar is 0), counting no further than
    ``stop``; iterative, so any depth is safe.

    >>> nesting(1), nesting([1, {"a": [2]}]), nesting(eval("[" * 100 + "]" * 100))
    (0, 3, 33)
    """
    deepest = 0
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, Mapping):
            children = list(item.values())
        elif isinstance(item, (list, tuple)):
            children = list(item)
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if deepest >= stop:
            return deepest
        todo.extend((c, depth) for c in children)
    return deepest


_SCALARS = frozenset({str, float, bool, type(None)})


def check_depth(value: Any, what: str, error: type[EngineError]) -> None:
    """Refuse ``value`` with ``error`` if it nests deeper than ``MAX_DEPTH`` or holds a number
    too long to print: both come only from hostile or broken input. One iterative pass.

    >>> check_depth({"a": [1, [2]]}, "the state", InvalidState)
    >>> check_depth({"a": 10 ** 200}, "the state", InvalidState)
    Traceback (most recent call last):
    ...
    games.engine.core.InvalidState: the state holds a number of more than 100 digits
    """
    # Every stored state is read through this, so it is written for speed: the JSON types are
    # told apart by their exact type (an ABC's isinstance is slow), scalars are judged where they
    # are met and only containers wait on the stack (``value`` itself as the child of a tuple).
    todo: list[tuple[Any, int]] = [((value,), -1)]
    pop, push = todo.pop, todo.append
    while todo:
        item, depth = pop()
        if depth >= MAX_DEPTH:
            raise error(f"{what} nests more than {MAX_DEPTH} levels deep")
        for child in item.values() if isinstance(item, Mapping) else item:
            kind = type(child)
            if kind is int:
                if not -_TOO_LONG < child < _TOO_LONG:
                    raise error(f"{what} holds a number of more than {MAX_DIGITS} digits")
            elif kind in _SCALARS:
                continue
            elif kind is dict or kind is list or kind is tuple or isinstance(child, (Mapping, list, tuple)):
                push((child, depth + 1))
            elif isinstance(child, int) and not isinstance(child, bool) and too_long(child):
                raise error(f"{what} holds a number of more than {MAX_DIGITS} digits")


def loads(text: str, what: str, error: type[EngineError]) -> Any:
    """``json.loads`` that fails only with ``error`` (one line naming ``what``): bad JSON, JSON
    nested too deeply for the parser, numbers too long to read, or too deep to use."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise error(f"{what} nests more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:  # an integer of more than 4,300 digits
        raise error(f"{what} is not usable JSON: {str(exc).split(';')[0]}") from None
    check_depth(data, what, error)
    return data


def _freeze(value: Any, where: str, depth: int = 1) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        if too_long(value):
            raise IllegalAction(f"{where}: a number of more than {MAX_DIGITS} digits")
        return value
    if isinstance(value, float):
        raise IllegalAction(f"{where}: numbers in actions must be whole, got {brief(value)}")
    if isinstance(value, (list, tuple)):
        if depth >= MAX_DEPTH:
            raise IllegalAction(f"{where}: the action nests more than {MAX_DEPTH} levels deep")
        return tuple(_freeze(v, where, depth + 1) for v in value)
    raise IllegalAction(f"{where}: unsupported value {brief(value)} in an action")


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


class Action(Mapping):
    """An immutable, hashable action that round-trips through JSON.

    >>> a = Action({"from": 24, "to": 18})
    >>> a["to"], a == Action.from_json('{"to": 18, "from": 24}')
    (18, True)
    >>> a.to_json()
    {'from': 24, 'to': 18}
    >>> Action({"roll": [3, 1]}).to_json()
    {'roll': [3, 1]}
    >>> Action({"x": 1.5})
    Traceback (most recent call last):
    ...
    games.engine.core.IllegalAction: action field 'x': numbers in actions must be whole, got 1.5
    """

    __slots__ = ("_items", "_hash")

    def __init__(self, data: Mapping[str, Any] | None = None, **fields: Any) -> None:
        merged = dict(data or {}, **fields)
        for k in merged:
            if not isinstance(k, str):
                raise IllegalAction(f"action keys must be strings, got {brief(k)}")
        items = tuple(sorted((k, _freeze(v, f"action field {k!r}")) for k, v in merged.items()))
        object.__setattr__(self, "_items", items)
        object.__setattr__(self, "_hash", hash(items))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    def __getitem__(self, key: str) -> Any:
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self._items == other._items
        if isinstance(other, Mapping):
            try:
                return self == Action(other)
            except EngineError:
                return False
        return NotImplemented

    def __repr__(self) -> str:
        return f"Action({self.to_json()!r})"

    def to_json(self) -> dict[str, Any]:
        return {k: _thaw(v) for k, v in self._items}

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> Action:
        if isinstance(data, str):
            data = loads(data, "the action", IllegalAction)
        if isinstance(data, Action):
            return data
        if not isinstance(data, Mapping):
            raise IllegalAction(f"an action must be a JSON object, got {type(data).__name__}")
        return cls(data)


def state_mapping(data: Mapping[str, Any] | str) -> Mapping[str, Any]:
    """A state as given to ``state_from_json`` (JSON text or a mapping), as a mapping.

    >>> state_mapping('{"to_move": 0}')
    {'to_move': 0}
    >>> state_mapping("[1]")
    Traceback (most recent call last):
    ...
    games.engine.core.InvalidState: a state must be a JSON object, got list
    """
    if isinstance(data, str):
        data = loads(data, "the state", InvalidState)
    if not isinstance(data, Mapping):
        raise InvalidState(f"a state must be a JSON object, got {type(data).__name__}")
    check_depth(data, "the state", InvalidState)
    for key in data:
        if not isinstance(key, str):
            raise InvalidState(f"state keys must be strings, got {brief(key)}")
    return data


class State(ABC):
    """An immutable game state. Concrete states are frozen dataclasses of a family."""

    variant_key: ClassVar[str] = ""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A plain JSON-able dict; ``variant.state_from_json`` reads it back."""


@dataclass(frozen=True)
class Outcome:
    """How a game (or a whole match) ended.

    ``winner`` is the side (0 or 1) that won, or None for a draw (Béchi's rounds repeating at
    equal counters; ``points`` is then 0); ``points`` what the deciding game was worth;
    ``how`` names the kind of win in the game's own terms (``single``, ``mars``,
    ``turkish-mars``, ``black-mars``, ``gammon``, ``backgammon``, ``drop``, ...);
    ``score`` the final score of the match, side 0's first.
    """

    winner: int | None
    points: int
    how: str
    score: tuple[int, int] = (0, 0)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "points": self.points, "how": self.how, "score": list(self.score)}


@dataclass(frozen=True)
class OptionSpec:
    """One option of a variant: its default, the values it may take, and what it means.

    ``choices`` lists the allowed values; for integers ``minimum``/``maximum`` bound them.

    >>> OptionSpec(5, "match length", minimum=1, maximum=25).check("match_to", 7)
    7
    >>> OptionSpec(True, "cube").check("cube", "yes")
    Traceback (most recent call last):
    ...
    games.engine.core.InvalidOptions: option 'cube' must be true or false, got "yes"
    """

    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    clause: str = ""

    def check(self, name: str, value: Any) -> Any:
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise InvalidOptions(f"option {name!r} must be true or false, got {brief(value)}")
        elif isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptions(f"option {name!r} must be a whole number, got {brief(value)}")
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions(f"option {name!r} must be at least {self.minimum}, got {value}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptions(f"option {name!r} must be at most {self.maximum}, got {value}")
        elif isinstance(self.default, str) and not isinstance(value, str):
            raise InvalidOptions(f"option {name!r} must be a string, got {brief(value)}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(json.dumps(c) for c in self.choices)
            raise InvalidOptions(f"option {name!r} must be one of {allowed}, got {brief(value)}")
        return value

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"default": self.default, "help": self.help}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.clause:
            out["clause"] = self.clause
        return out


# The fields every log entry of a match has (and a match record's n and state): a variant's
# log_fields may not reuse them.
LOG_ENTRY_FIELDS = frozenset({"side", "by", "action", "notation", "n", "state"})


class Variant(ABC):
    """One playable rule set. Subclasses set ``key``, ``title`` and ``options`` and fill in
    the abstract methods; everything else is shared."""

    key: ClassVar[str]
    title: ClassVar[str]
    family: ClassVar[str]
    options: ClassVar[dict[str, OptionSpec]] = {}

    # -- options ---------------------------------------------------------------------------
    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Complete ``options`` with defaults; refuse unknown keys and bad values."""
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise InvalidOptions(f"options must be a JSON object, got {type(options).__name__}")
        check_depth(options, "options", InvalidOptions)
        for key in options:
            if not isinstance(key, str):
                raise InvalidOptions(f"option names must be strings, got {brief(key)}")
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise InvalidOptions(f"unknown option {unknown[0][:40]!r} for {self.key} (known: {known})")
        return {name: spec.check(name, options.get(name, spec.default)) for name, spec in self.options.items()}

    # -- the game --------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, options: Mapping[str, Any] | None = None) -> State:
        """The state before the first action; options validated."""

    @abstractmethod
    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action; chance outcomes when ``is_chance(state)``; empty once over."""

    @abstractmethod
    def apply(self, state: State, action: Action | Mapping[str, Any]) -> State:
        """The next state; ``IllegalAction`` (with the reason) if the action is not legal."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The result once the game (or match) is over, else None."""

    @abstractmethod
    def to_move(self, state: State) -> int | None:
        """The side (0 or 1) whose decision is due; None for chance or when over."""

    @abstractmethod
    def is_chance(self, state: State) -> bool:
        """True when the next action is drawn by chance (dice), not chosen by a side."""

    @abstractmethod
    def draw(self, state: State, rng: random.Random) -> Action:
        """Draw the chance action due in ``state`` with its true probabilities."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any] | str) -> State:
        """Read a state; ``InvalidState`` naming the field for malformed or impossible ones."""

    def describe(self, state: State, action: Action | Mapping[str, Any]) -> str:
        """The action in the game's own notation, as played from ``state``."""
        return json.dumps(Action.from_json(action).to_json(), sort_keys=True)

    # -- what the play layer asks ----------------------------------------------------------
    # The match machinery (games/services.py, selectors.py) knows no family's phases or fields:
    # it asks these. Each has a default that suits a variant without the feature.

    def turn_is_open(self, state: State) -> bool:
        """True when the decision due in ``state`` is a step of a turn the player may take back
        until confirming it (a tables checker step, a Béchi sowing, a race move). The match then
        keeps the state at the turn's start, draws no dice and lets the opponent wait until the
        player confirms. Asked only of states where a side (not chance) is to move."""
        return False

    def legal_paths(self, state: State) -> list[list[dict[str, Any]]]:
        """Moves a board may offer as one: ways to take one piece through two or more legal
        steps in a row (a tables checker over both dice, 24/18/13), each a list of actions that
        are legal one after the other, every prefix among them, so the board lights only
        targets a complete legal play reaches. Empty for families whose steps are the moves."""
        return []

    def log_fields(self, state: State) -> dict[str, Any]:
        """Extra JSON fields recorded with a logged action, from ``state``, the state after it
        (tables: ``{"position_id": ...}``). Their names must not be among
        ``LOG_ENTRY_FIELDS`` (``side``, ``by``, ``action``, ``notation``, ``n``, ``state``)."""
        return {}

    def resign(self, state: State, side: int) -> Outcome:
        """The result when ``side`` resigns the match in ``state``: the other side wins it.
        By default the score is the state's own ``score`` (where it has one) unchanged; a
        variant played to a number of points gives the winner the points still missing."""
        data = state.to_json()
        score = data.get("score")
        if not (isinstance(score, list) and len(score) == 2 and all(isinstance(n, int) for n in score)):
            score = [0, 0]
        return Outcome(1 - side, 0, "resign", (score[0], score[1]))

    def board_info(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Static data the board script needs to draw this variant with these options (already
        validated), e.g. a race game's geometry. The page's board config and the match API
        carry it as ``board``."""
        return {}

    def text_help(self) -> dict[str, list[str]]:
        """For the board's text mode: ``moves``, examples of the notation ``describe`` writes,
        and ``commands``, the board's family-specific reading commands, each shown as written."""
        return {"moves": [], "commands": []}

    def state_options(self, state: State) -> dict[str, Any]:
        """The complete options ``state`` is played under (a match started from a position
        records them). By default the ``options`` of the state's JSON."""
        options = state.to_json().get("options")
        return self.validate_options(options if isinstance(options, Mapping) else {})

    #: The clause events :meth:`clause_events` may report: name -> ``(clause id, what it is)``,
    #: e.g. ``{"jump-6-5": ("SS-7", "6-5 jump from the head")}``. Simulations (games/simulation.py)
    #: count them to show how often each rule with an option comes into play.
    clause_event_names: ClassVar[dict[str, tuple[str, str]]] = {}

    def clause_events(self, state: State, action: Action, after: State) -> dict[str, int]:
        """The named rule clauses that came into play when ``action`` took ``state`` to ``after``
        (``{name: times}``, names among ``clause_event_names``; empty when none did). Pure: it
        reads the two states and the action, so every family can tell from its own fields."""
        return {}

    def info(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title,
            "family": self.family,
            "options": {name: spec.to_json() for name, spec in self.options.items()},
        }

    def _check_action(self, state: State, action: Action | Mapping[str, Any]) -> Action:
        """Parse ``action`` and refuse it unless it is among the legal actions."""
        act = Action.from_json(action)
        if self.outcome(state) is not None:
            raise IllegalAction("the game is over")
        if act not in self.legal_actions(state):
            raise IllegalAction(f"{brief(act.to_json())} is not a legal action here")
        return act


_REGISTRY: dict[str, Variant] = {}


def register(cls: type[Variant]) -> type[Variant]:
    """Class decorator: add one instance of ``cls`` to the registry under ``cls.key``."""
    if cls.key in _REGISTRY:
        raise ValueError(f"variant {cls.key!r} registered twice")
    _REGISTRY[cls.key] = cls()
    return cls


#: Sources of variants built when first asked for (the rules files): each has ``build(key)``,
#: which registers and returns the variant of ``key`` (None when it has no such key), and
#: ``load_all()``, which registers every one.
_LAZY: list[Any] = []


def _load_families() -> None:
    # Importing a family package registers its variants; a family not written yet is skipped.
    import importlib

    for family in ("tables", "mancala", "race", "rules"):
        try:
            importlib.import_module(f"games.engine.{family}")
        except ModuleNotFoundError as exc:
            if exc.name != f"games.engine.{family}":
                raise


def variants() -> list[str]:
    """The keys of every registered variant, sorted."""
    _load_families()
    for source in _LAZY:
        source.load_all()
    return sorted(_REGISTRY)


def get_variant(key: str) -> Variant:
    """The variant registered under ``key``; ``UnknownVariant`` names the known keys."""
    _load_families()
    if isinstance(key, str) and key not in _REGISTRY:
        for source in _LAZY:
            try:
                if source.build(key) is not None:
                    break
            except EngineError as exc:  # a file that does not load plays nothing
                raise UnknownVariant(f"variant {key!r} does not load: {exc}") from None
    try:
        return _REGISTRY[key]
    except (KeyError, TypeError):
        for source in _LAZY:
            source.load_all()
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownVariant(f"unknown variant {key!r} (known: {known})") from None

