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
        "playable ruleset of the catalogue, the comparisons and every rules-file game by random players "
        "(archive/simulations.py, games/simulation.py) and, with "
        "--write, writes the data file load_catalogue ships."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("target", nargs="?", help="game-slug/ruleset-slug, a ruleset slug or id, or a variant key")
        parser.add_argument("--games", type=int, default=None, help="games to play (default 200 random, 50 strong; --catalogue: 500 random, 10 strong, fewer for XII Scripta, "
                                 "100 random for a rules file)")
        parser.add_argument("--seed", type=int, default=1, help="the seed (default 1; --catalogue: 2026)")
        parser.add_argument("--players", choices=["random", "strong"], default="random")
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                            help="an option over the ruleset's (JSON values: true, 3, low); repeatable")
        parser.add_argument("--catalogue", action="store_true", help="every catalogue ruleset and comparison, both players")
        parser.add_argument("--write", metavar="PATH", help="with --catalogue: write the results as the shipped data file")
        parser.add_argument("--jobs", action="store_true",
                            help="with --catalogue: play the simulations as jobs (games/jobs.py), on every worker "
                                 "listening to the site's broker, and wait for them")
        parser.add_argument("--workers", type=int, default=0, metavar="N",
                            help="with --jobs: also start N local worker processes for the command's duration")
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
            f"  outcomes: {kinds}\n  clauses: {events or 'none'}\n  concepts: {self.concepts(m.get('concepts'))}"
        )

    @staticmethod
    def concepts(c) -> str:
        if not c:
            return "not computed"
        captures = f"{c['captures']['share']:.1%} of decisions" if c["captures"] else "not measured"
        lead = f"{c['lead_changes']['per_game']:g}" if c["lead_changes"] else "not measured"
        return (f"{c['decisions']['per_game']:g} decisions/game, branching {c['branching']['mean']:g}, "
                f"decided {c['decisive']['share']:.1%}, drawn {c['draws']['share']:.1%}, "
                f"move limit {c['move_limit']['share']:.1%}, captures {captures}, lead changes/game {lead}")

    def catalogue(self, opts) -> None:
        seed = opts["seed"] if opts["seed"] != 1 else simulation.CATALOGUE_SEED
        if opts["stale"] and not opts["write"]:
            raise CommandError("--stale needs --write PATH: the file whose current results are kept")
        try:
            current = simulation.current_rows(Path(opts["write"])) if opts["stale"] else {}
        except (ValueError, KeyError, TypeError) as exc:  # not JSON, or rows without their fields
            raise CommandError(f"--stale: {opts['write']} is not a simulations data file ({exc!r}); nothing was simulated") from None
        if opts["workers"] and not opts["jobs"]:
            raise CommandError("--workers goes with --jobs")
        runs = []
        waiting = []  # (label, job) played by the workers
        players = [opts["players"]] if opts["games"] is not None else ["random", "strong"]
        started_all = time.perf_counter()
        for target in catalogue_targets():
            for who in players:
                limit = simulation.catalogue_games(target.variant, who)
                games = opts["games"] if opts["games"] is not None else limit
                if not games:
                    self.stdout.write(f"{target.label} [{who}] not shipped (games.simulation.catalogue_games)")
                    continue
                key = simulation.row_key(target.variant, simulation.check(target, {}), who, games, seed)
                if key in current:
                    runs.append(simulation.store(current[key], created=current[key]["created"]))
                    self.stdout.write(f"{target.label} [{who}] kept: engine {current[key]['engine_version']} is today's")
                    continue
                if opts["jobs"]:
                    from games import jobs

                    try:
                        job, _ = jobs.submit(variant=target.variant, options=simulation.check(target, {}), players=who,
                                             games=games, seed=seed, who=jobs.Requester(trusted=True))
                    except jobs.JobError as exc:
                        raise CommandError(f"{target.label} [{who}]: {exc}") from None
                    waiting.append((target.label, job))
                    continue
                started = time.perf_counter()
                try:
                    run = simulation.run(target, {}, games=games, seed=seed, players=who)
                except SimulationError as exc:
                    raise CommandError(str(exc)) from None
                self.report(target.label, run, time.perf_counter() - started)
                runs.append(run)
        failed: list[str] = []
        if waiting:
            runs += self.wait(waiting, opts["workers"], failed)
            self.stdout.write(f"{len(waiting)} runs played as jobs in {time.perf_counter() - started_all:.0f} s")
        if opts["write"]:
            n = simulation.write_data_file(runs, Path(opts["write"]))
            self.stdout.write(self.style.SUCCESS(f"Wrote {n} results to {opts['write']}"))
        if failed:
            # Every other run is kept (and written): one engine's failure does not cost the rest.
            raise CommandError(f"{len(failed)} runs failed and are not in the results: " + "; ".join(failed))

    def wait(self, waiting, workers: int, failed: list[str]):
        """Wait for the jobs (starting ``workers`` local worker processes meanwhile); their runs.
        A run that ends otherwise than done is named in ``failed``."""
        import os
        import signal
        import subprocess
        import sys

        from django.conf import settings

        from games.models import SimulationJob

        local = None
        if workers:
            if settings.CELERY_BROKER_URL == "filesystem://":
                settings.SIMULATION_QUEUE_DIR.mkdir(parents=True, exist_ok=True)
            local = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "simulations", "-c", str(workers),
                 "--loglevel=warning"], cwd=settings.BASE_DIR, start_new_session=True)
        try:
            pending = {job.pk: label for label, job in waiting}
            done = []
            said = time.monotonic()
            if not workers:
                self.stdout.write(f"waiting for {len(pending)} runs: workers listening to {settings.CELERY_BROKER_URL} "
                                  "play them (make run starts one; --workers N starts some here)")
            while pending:
                if time.monotonic() - said > 30:
                    said = time.monotonic()
                    left = SimulationJob.objects.filter(pk__in=list(pending))
                    played = sum(j.games_done for j in left)
                    self.stdout.write(f"  {len(pending)} runs waiting or running, {played} of {sum(j.games for j in left)} games played")
                for job in SimulationJob.objects.filter(pk__in=list(pending)).select_related("result"):
                    if job.status in SimulationJob.ACTIVE:
                        continue
                    label = pending.pop(job.pk)
                    if job.status != SimulationJob.Status.DONE:
                        failed.append(f"{label} [{job.players}]: the run ended {job.status}: {job.error}")
                        self.stderr.write(failed[-1])
                        continue
                    self.report(label, job.result, job.play_seconds)
                    done.append(job.result)
                if pending:
                    time.sleep(0.5)
            return done
        finally:
            if local is not None:
                os.killpg(local.pid, signal.SIGTERM)
                try:
                    local.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    # Workers slow to stop (a loaded machine) must not cost the runs they played:
                    # raised here, this lost every result of a catalogue run before it was written.
                    os.killpg(local.pid, signal.SIGKILL)
                    local.wait()
