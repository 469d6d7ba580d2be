"""A match: the games of other rules files played in succession, one after another, to a points
target (Tavli: Portes, Plakoto and Fevga in turn, to five or seven points).

A rules file of the ``race`` mechanic whose clauses state ``match`` elements (and nothing else)
is compiled here, not by ``race.RaceGame``: its games are the files it names, compiled as they
are (their clauses are theirs; the match file states only the succession, the scoring, the
target and who begins each game). Fields (several clauses may each state some, none twice; a
value may be an option's, ``{ option = "NAME" }``, or mapped per choice, ``{ option = "NAME",
CHOICE = value, ... }``):

- ``games = ["race.portes", "race.plakoto", "race.fevga"]``: the files' keys, in the order they
  are played; after the last the first comes again.
- ``to = N``: the first seat whose points reach N wins the match.
- ``double = "quarter" | "none-off" | "never"``: when a game's winner scores two points, not
  one: the loser still has a piece on the first ``quarter`` squares of its track (six by
  default) or in its hand (``quarter``); the loser has borne off none (``none-off``); never.
  A drawn game scores nothing.
- ``starts = "winner" | "first"``: who begins each game after the first: the winner of the game
  before it (a drawn game's beginner begins again), or always the first seat. The first game is
  begun by the first seat, as each file's own game is.
- ``readings = "files" | "ludii"``: each game is played under its file's default options, or
  under the readings Ludii plays (the file's ``[ludii] options``: the Ludii replay of a match).

The state JSON is the game being played's, with ``scores`` the match's points (the pieces the
game has borne off move to ``off``) and ``match``: ``{"games": [titles], "keys": [keys], "game":
k (the place in the succession of the game being played), "number": n (games begun), "to": N,
"starter": seat, "last": {"game": k, "number": n, "winner": seat | null, "points": p, "how":
...} | null}``. A game that ends without ending the match is followed at once by the next one's
start. The board info is the first game's, with ``geometry.games`` each game's geometry (the
tracks and marks of the game being played: ``match.game`` picks it).
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.engine.core import Action, InvalidState, Outcome, brief
from games.engine.rules.game import Game, Sim, team_values
from games.engine.rules.loader import RulesFile

__all__ = ["MatchGame", "MatchSim", "compile"]

#: The fields of a ``match`` element.
FIELDS = ("games", "to", "double", "quarter", "starts", "readings")
DOUBLES = ("quarter", "none-off", "never")
STARTS = ("winner", "first")
READINGS = ("files", "ludii")


class MatchGame(Game):
    """A match file compiled: its games (other files' compiled games) and how the match runs."""

    EVAL_K = 6.0

    def __init__(self, rf: RulesFile) -> None:
        super().__init__(rf)
        fields: dict[str, tuple[Any, tuple]] = {}
        for el in rf.elements:
            if el.name != "match":
                raise rf.error(el.path, "a match file states only `match` elements: its games' rules are their own files'")
            if not isinstance(el.value, dict):
                raise rf.error(el.path, "must be a table { ... }")
            for k, v in el.value.items():
                if k not in FIELDS:
                    raise rf.error(el.path + (k,), f"unknown field (known: {', '.join(FIELDS)})")
                if k in fields:
                    raise rf.error(el.path + (k,), f"is stated twice (match.{k} is already given)")
                fields[k] = (v, el.path + (k,))
        self._fields = fields
        if "games" not in fields:
            raise rf.error(("clause",), "no clause states the match's games (match.games = [keys])")
        keys, path = fields["games"]
        if not (isinstance(keys, list) and keys and all(isinstance(k, str) for k in keys)):
            raise rf.error(path, "must list the games' rules-file keys, in the order they are played")
        from games.engine.rules import rules_variant  # the games' files, compiled on demand

        self.subs: list[Game] = []
        for i, key in enumerate(keys):
            if key == rf.key:
                raise rf.error(path, "names the match file itself")
            try:
                sub = rules_variant(key).game
            except Exception as exc:  # an unknown key, or a file that does not load
                raise rf.error(path, f"{key!r} is not a rules file that plays: {exc}") from None
            if isinstance(sub, MatchGame):
                raise rf.error(path, f"{key!r} is a match itself")
            if sub.players != rf.players:
                raise rf.error(path, f"{key!r} is for {sub.players} seats, the match for {rf.players}")
            self.subs.append(sub)
        self.keys = list(keys)
        self.titles = [s.rf.title for s in self.subs]
        # The simulations' concepts (games/engine/concepts.py) read a match of one mechanic's
        # games as that mechanic (MatchSim's pos and hand are the game being played's).
        kinds = {type(s).__name__.removesuffix("Game").lower() for s in self.subs}
        self.reads_as = kinds.pop() if len(kinds) == 1 else None
        # each field parsed: a value, or {choice: value} where an option decides
        self.to = self._field("to", self._int(1, 1000), None)
        if self.to is None:
            raise rf.error(("clause",), "no clause states the match's target (match.to = N)")
        self.double = self._field("double", self._word(DOUBLES), "never")
        self.quarter = self._field("quarter", self._int(1, 1000), 6)
        self.starts = self._field("starts", self._word(STARTS), "winner")
        self.readings = self._field("readings", self._word(READINGS), "files")
        defaults = {name: spec.default for name, spec in self.option_specs.items()}
        self._sub_options: dict[str, list[dict[str, Any]]] = {}
        for reading in READINGS:
            self._games_options(reading)  # every reading must be one the games' files can play
        if self.pick(self.double, defaults) == "quarter" or any(
                self.pick(self.double, {**defaults, n: c}) == "quarter"
                for n, s in self.option_specs.items() for c in s.choices or ()):
            for key, sub in zip(self.keys, self.subs):
                if not hasattr(sub, "new_sim") or type(sub).__name__ != "RaceGame":
                    raise rf.error(fields["double"][1], f"double = quarter counts track squares: {key!r} is no race game")

    # -- reading the fields ----------------------------------------------------------------
    def _field(self, key: str, parse, default: Any) -> Any:
        got = self._fields.get(key)
        if got is None:
            return default
        raw, path = got
        if isinstance(raw, dict) and "option" in raw:
            name = raw["option"]
            spec = self.option_specs.get(name) if isinstance(name, str) else None
            if spec is None:
                raise self.rf.error(path + ("option",), f"no option {brief(name)} in [options]")
            if len(raw) == 1:  # the option's own value
                if spec.choices:
                    for c in spec.choices:
                        parse(c, path)
                else:
                    parse(spec.default, path)
                return ("option", name, None)
            if not spec.choices:
                raise self.rf.error(("options", name, "choices"), "an option mapped to values must list its choices")
            values = {}
            for c in spec.choices:
                k = str(c).lower() if isinstance(c, bool) else str(c)
                if k not in raw:
                    raise self.rf.error(path, f"gives no value for choice {k} of option {name}")
                values[c] = parse(raw[k], path + (k,))
            return ("option", name, values)
        return parse(raw, path)

    def pick(self, value: Any, options: Mapping[str, Any]) -> Any:
        """A field's value under ``options`` (an option not given: its default)."""
        if isinstance(value, tuple) and value and value[0] == "option":
            _, name, values = value
            chosen = options.get(name, self.option_specs[name].default)
            return chosen if values is None else values[chosen]
        return value

    def _int(self, lo: int, hi: int):
        def parse(v: Any, path: tuple) -> int:
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise self.rf.error(path, f"must be a whole number {lo} to {hi}, got {brief(v)}")
            return v
        return parse

    def _word(self, words: tuple[str, ...]):
        def parse(v: Any, path: tuple) -> str:
            if v not in words:
                raise self.rf.error(path, f"must be one of {', '.join(words)}, got {brief(v)}")
            return v
        return parse

    def _games_options(self, reading: str) -> list[dict[str, Any]]:
        """Each game's options under a reading: its file's defaults, or Ludii's readings."""
        got = self._sub_options.get(reading)
        if got is None:
            got = []
            for sub in self.subs:
                chosen: dict[str, Any] = {}
                if reading == "ludii":
                    from games.engine.rules.ludii import ludii_options

                    chosen = ludii_options(sub.rf)
                got.append({name: spec.check(name, chosen.get(name, spec.default))
                            for name, spec in sub.option_specs.items()})
            self._sub_options[reading] = got
        return got

    def games_options(self, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        return self._games_options(self.pick(self.readings, options))

    # -- the mechanic's protocol -------------------------------------------------------------
    def points(self, sim: MatchSim, winner: int) -> int:
        """What the game just ended is worth to its winner: 1, or 2 by ``double``."""
        rule = self.pick(self.double, sim.options)
        inner = sim.inner
        loser = 1 - winner
        if rule == "quarter":
            q = self.pick(self.quarter, sim.options)
            return 2 if inner.hand[loser] or any(p <= q for p in inner.pos[loser]) else 1
        if rule == "none-off":
            return 2 if not inner.off[loser] else 1
        return 1

    def evaluate(self, sim: MatchSim) -> tuple[float, ...]:
        """The match's points so far plus the game being played's value (its mechanic's
        evaluation, or its result once over), as shares of the target, squashed."""
        inner = sim.inner
        res = inner.result()
        values = res if res is not None else inner.game.evaluate(inner)
        to = max(1, sim.to)
        scores = [(sim.score[s] + values[s]) / to for s in range(self.players)]
        return team_values(self, scores, self.EVAL_K)

    def new_sim(self, options: dict[str, Any]) -> MatchSim:
        sim = MatchSim(self, options)
        sim.start(0, 0)
        return sim

    def sim_from_json(self, data: Mapping[str, Any], options: dict[str, Any]) -> MatchSim:
        return _read(self, data, options)

    def board_info(self, options: dict[str, Any]) -> dict[str, Any]:
        opts = self.games_options(options)
        infos = [sub.board_info(o) for sub, o in zip(self.subs, opts)]
        out = dict(infos[0])
        geometry = dict(infos[0]["geometry"])
        geometry["games"] = [info["geometry"] for info in infos]
        out["geometry"] = geometry
        out["match"] = {"games": list(self.titles), "keys": list(self.keys), "to": self.pick(self.to, options)}
        return out

    def ludii_throw(self, dice: list[int]) -> dict[str, Any]:
        hook = getattr(self.subs[0], "ludii_throw", None)
        return hook(dice) if hook else {"throw": list(dice)}

    def describe(self, sim: MatchSim, move: Any) -> str:
        return sim.inner.game.describe(sim.inner, move)

    def text_help(self) -> dict[str, list[str]]:
        return self.subs[0].text_help()


class MatchSim(Sim):
    """A match being played: the game being played (its own mechanic's Sim) and the match's
    points, place in the succession and beginner."""

    __slots__ = ("game", "options", "to", "inner", "k", "number", "starter", "score", "last", "over")

    def __init__(self, game: MatchGame, options: dict[str, Any]) -> None:
        self.game = game
        self.options = options
        self.to = game.pick(game.to, options)
        self.inner: Any = None
        self.k = 0
        self.number = 0
        self.starter = 0
        self.score = [0] * game.players
        self.last: tuple[int, int, int | None, int, str] | None = None  # (k, number, winner, points, how)
        self.over: tuple[int, int, str] | None = None  # (winner, points, how) once the match is won

    def start(self, k: int, starter: int) -> None:
        """Game ``k`` of the succession begins, ``starter`` to throw first."""
        g = self.game
        self.k = k
        self.number += 1
        self.starter = starter
        self.inner = g.subs[k].new_sim(g.games_options(self.options)[k])
        self.inner.seat = starter

    def copy(self) -> MatchSim:
        o = MatchSim.__new__(MatchSim)
        o.game, o.options, o.to = self.game, self.options, self.to
        o.inner = self.inner.copy()
        o.k, o.number, o.starter = self.k, self.number, self.starter
        o.score = self.score[:]
        o.last, o.over = self.last, self.over
        return o

    @property
    def pos(self) -> Any:  # the game being played's (the concepts' race reader)
        return self.inner.pos

    @property
    def hand(self) -> Any:
        return self.inner.hand

    def to_move(self) -> int | None:
        return None if self.over else self.inner.to_move()

    def is_chance(self) -> bool:
        return not self.over and self.inner.is_chance()

    def moves(self) -> list:
        return [] if self.over else self.inner.moves()

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return [] if self.over else self.inner.chance_outcomes()

    def chance(self, rng: random.Random) -> Any:
        move = self.inner.chance(rng)
        self._settle()
        return move

    def play(self, move: Any) -> None:
        self.inner.play(move)
        self._settle()

    def _settle(self) -> None:
        """After a game's last move: its points, then the match won or the next game begun."""
        out = self.inner.outcome()
        if out is None:
            return
        g = self.game
        w = out.winner
        pts = 0 if w is None else g.points(self, w)
        if w is not None:
            self.score[w] += pts
        self.last = (self.k, self.number, w, pts, out.how)
        if w is not None and self.score[w] >= self.to:
            self.over = (w, pts, "double" if pts == 2 else "single")
            return  # the last game's final position stays on the board
        starter = 0 if g.pick(g.starts, self.options) == "first" else (self.starter if w is None else w)
        self.start((self.k + 1) % len(g.subs), starter)

    def outcome(self) -> Outcome | None:
        if self.over is None:
            return None
        w, pts, how = self.over
        return Outcome(w, pts, how, tuple(self.score))  # type: ignore[arg-type]

    def action(self, move: Any) -> Action:
        return self.inner.action(move)

    def to_json(self) -> dict[str, Any]:
        g = self.game
        data = self.inner.to_json()
        data["key"] = g.key
        data["options"] = self.options
        data["off"] = data.pop("scores")
        data["scores"] = list(self.score)
        last = None
        if self.last is not None:
            k, n, w, pts, how = self.last
            last = {"game": k, "number": n, "winner": w, "points": pts, "how": how}
        data["match"] = {"games": list(g.titles), "keys": list(g.keys), "game": self.k, "number": self.number,
                         "to": self.to, "starter": self.starter, "last": last}
        return data


def _whole(v: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise InvalidState(f"{where}: must be a whole number {lo} to {hi}, got {brief(v)}")
    return v


def _read(g: MatchGame, data: Mapping[str, Any], options: dict[str, Any]) -> MatchSim:
    sim = MatchSim(g, options)
    m = data.get("match")
    if not isinstance(m, Mapping):
        raise InvalidState("match: a state of a match needs its match table {game, number, starter, last}")
    n = len(g.subs)
    sim.k = _whole(m.get("game"), "match.game", 0, n - 1)
    sim.number = _whole(m.get("number"), "match.number", 1, 10**6)
    if sim.number % n != (sim.k + 1) % n:
        raise InvalidState(f"match.number: game {sim.number} of the match is not game {sim.k + 1} of the succession")
    sim.starter = _whole(m.get("starter"), "match.starter", 0, g.players - 1)
    if sim.number == 1 and sim.starter != 0:
        raise InvalidState("match.starter: the first seat begins the first game")
    if m.get("to", sim.to) != sim.to:
        raise InvalidState(f"match.to: is {brief(m.get('to'))} but the options say {sim.to}")
    scores = data.get("scores", [0] * g.players)
    if not (isinstance(scores, list) and len(scores) == g.players):
        raise InvalidState(f"scores: must list {g.players} match points")
    sim.score = [_whole(x, f"scores[{s}]", 0, sim.to + 1) for s, x in enumerate(scores)]
    last = m.get("last")
    if last is not None:
        if not isinstance(last, Mapping):
            raise InvalidState("match.last: must be null or {game, number, winner, points, how}")
        w = last.get("winner")
        if w is not None:
            _whole(w, "match.last.winner", 0, g.players - 1)
        lk = _whole(last.get("game"), "match.last.game", 0, n - 1)
        ln = _whole(last.get("number"), "match.last.number", 1, 10**6)
        pts = _whole(last.get("points"), "match.last.points", 0 if w is None else 1, 0 if w is None else 2)
        how = last.get("how")
        if not isinstance(how, str):
            raise InvalidState("match.last.how: must say how the game ended")
        sim.last = (lk, ln, w, pts, how)
    elif sim.number > 1:
        raise InvalidState("match.last: a match past its first game says how the game before ended")
    inner = dict(data)
    inner.pop("match", None)
    inner["scores"] = data.get("off", [0] * g.players)
    inner.pop("off", None)
    sub = g.subs[sim.k]
    opts = g.games_options(options)[sim.k]
    inner["key"] = sub.key
    inner["options"] = opts
    sim.inner = sub.sim_from_json(inner, opts)
    out = sim.inner.outcome()
    if out is not None:
        # a game over stays on the board only where it won the match
        if out.winner is None or sim.last is None or sim.last[2] != out.winner or sim.last[1] != sim.number:
            raise InvalidState("over: a game ended stays only where it won the match (match.last is that game)")
        if sim.score[out.winner] < sim.to:
            raise InvalidState(f"scores: a game ended without {sim.to} points for its winner would have been followed by the next")
        sim.over = (out.winner, sim.last[3], "double" if sim.last[3] == 2 else "single")
    elif max(sim.score) >= sim.to:
        raise InvalidState(f"scores: {sim.score} already decide a match to {sim.to}")
    elif sim.last is not None and sim.last[1] != sim.number - 1:
        raise InvalidState("match.last.number: the game before is the one just ended")
    return sim


def compile(rf: RulesFile) -> MatchGame:  # noqa: A001 - the mechanic protocol's name
    return MatchGame(rf)
