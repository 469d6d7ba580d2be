from __future__ import annotations

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from archive.simulations import catalogue_targets, resolve
from games import simulation
from games.simulation import SimulationError


class Command(BaseCommand):
    help = (
        "Measure a ruleset by simulated play: play N single games (both sides random, or both the "
        "family's strongest computer level) and store the game length, the first player's win rate, "
        "the outcome kinds and how often each optional clause came into play, with the engine "
        "version. The same seed and options give the same results. --catalogue simulates every "
        "playable ruleset of the catalogue and the comparisons (archive/simulations.py, games/simulation.py) and, with "
        "--write, writes the data file load_catalogue ships."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("target", nargs="?", help="game-slug/ruleset-slug, a ruleset slug or id, or a variant key")
        parser.add_argument("--games", type=int, default=None, help="games to play (default 200 random, 50 strong; --catalogue: 500 random, 30 strong, fewer for XII Scripta)")
        parser.add_argument("--seed", type=int, default=1, help="the seed (default 1; --catalogue: 2026)")
        parser.add_argument("--players", choices=["random", "strong"], default="random")
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                            help="an option over the ruleset's (JSON values: true, 3, low); repeatable")
        parser.add_argument("--catalogue", action="store_true", help="every catalogue ruleset and comparison, both players")
        parser.add_argument("--write", metavar="PATH", help="with --catalogue: write the results as the shipped data file")
        parser.add_argument("--stale", action="store_true",
                            help="with --catalogue --write: keep the file's results that today's engines would "
                                 "reproduce (same engine version, games and seed) and simulate only the others")

    def handle(self, *args, **opts) -> None:
        if opts["catalogue"]:
            if opts["target"] or opts["option"]:
                raise CommandError("--catalogue takes no ruleset and no --option")
            return self.catalogue(opts)
        if opts["write"] or opts["stale"]:
            raise CommandError("--write and --stale go with --catalogue")
        if not opts["target"]:
            raise CommandError("give a ruleset (game-slug/ruleset-slug) or a variant key, or --catalogue")
        # Strong players search every move (0.2-2 s a game, some 10 s in Murray's Ur): fewer by default.
        games = (200 if opts["players"] == "random" else 50) if opts["games"] is None else opts["games"]
        try:
            target = resolve(opts["target"])
            extra = simulation.parse_options(opts["option"])
            simulation.check(target, extra)
            if games < 1:
                raise SimulationError(f"--games must be at least 1, got {games}")
            started = time.perf_counter()
            run = simulation.run(target, extra, games=games, seed=opts["seed"], players=opts["players"])
        except SimulationError as exc:
            raise CommandError(f"{exc} (nothing was stored)") from None
        self.report(target.label, run, time.perf_counter() - started)

    def report(self, label: str, run, seconds: float) -> None:
        m = run.metrics
        t, fp = m["turns"], m["first_player"]
        kinds = ", ".join(f"{how} {v['share']:.1%}" for how, v in m["outcomes"].items())
        events = ", ".join(f"{name} {e['per_game']}/game in {e['share_of_games']:.0%}" for name, e in m["events"].items())
        self.stdout.write(
            f"{label} [{run.players}: {run.level}] {run.games} games, seed {run.seed}, {seconds:.1f}s "
            f"({seconds / run.games * 1000:.1f} ms a game), engine {run.engine_version}\n"
            f"  turns: median {t['median']:g} (IQR {t['q1']:g}-{t['q3']:g}, {t['min']}-{t['max']})\n"
            f"  first player wins {fp['rate']:.1%} [{fp['low']:.1%}-{fp['high']:.1%}] of {fp['decided']} decided\n"
            f"  outcomes: {kinds}\n  clauses: {events or 'none'}"
        )

    def catalogue(self, opts) -> None:
        seed = opts["seed"] if opts["seed"] != 1 else simulation.CATALOGUE_SEED
        if opts["stale"] and not opts["write"]:
            raise CommandError("--stale needs --write PATH: the file whose current results are kept")
        try:
            current = simulation.current_rows(Path(opts["write"])) if opts["stale"] else {}
        except (ValueError, KeyError, TypeError) as exc:  # not JSON, or rows without their fields
            raise CommandError(f"--stale: {opts['write']} is not a simulations data file ({exc!r}); nothing was simulated") from None
        runs = []
        players = [opts["players"]] if opts["games"] is not None else ["random", "strong"]
        for target in catalogue_targets():
            for who in players:
                limit = simulation.CATALOGUE_LIMITS.get(target.variant, simulation.CATALOGUE_GAMES)[who]
                games = opts["games"] if opts["games"] is not None else limit
                key = simulation.row_key(target.variant, simulation.check(target, {}), who, games, seed)
                if key in current:
                    runs.append(simulation.store(current[key], created=current[key]["created"]))
                    self.stdout.write(f"{target.label} [{who}] kept: engine {current[key]['engine_version']} is today's")
                    continue
                started = time.perf_counter()
                try:
                    run = simulation.run(target, {}, games=games, seed=seed, players=who)
                except SimulationError as exc:
                    raise CommandError(str(exc)) from None
                self.report(target.label, run, time.perf_counter() - started)
                runs.append(run)
        if opts["write"]:
            n = simulation.write_data_file(runs, Path(opts["write"]))
            self.stdout.write(self.style.SUCCESS(f"Wrote {n} results to {opts['write']}"))
