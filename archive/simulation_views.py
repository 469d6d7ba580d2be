"""Pages of simulated play as jobs (games/jobs.py): ask for a run from a ruleset's page, follow
it on its own page (a stable address), compare two runs side by side."""
from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from core.throttling import client_ip
from games import jobs
from games.engine import EngineError, get_variant
from games.models import SimulationJob
from games.simulation import column, table

STATUS = {"invalid": 400, "budget": 429, "queue_full": 503}


def _requester(request: HttpRequest) -> jobs.Requester:
    user = request.user if request.user.is_authenticated else None
    return jobs.Requester(user=user, address=client_ip(request))


def _whole(text: str | None, name: str) -> int:
    text = (text or "").strip()
    if not text.isascii() or not text.lstrip("-").isdigit() or len(text) > 20:
        raise jobs.JobError(f"{name}: must be a whole number, got {text!r}")
    return int(text)


def _form_options(request: HttpRequest, ruleset: Any) -> dict[str, Any]:
    """The options the form sets, read against the variant's own (a box not ticked is false)."""
    out: dict[str, Any] = dict(ruleset.options or {})
    for f in jobs.request_fields(ruleset.variant, ruleset.options or {}):
        raw = request.POST.get(f"opt:{f['name']}")
        if f["kind"] == "bool":
            out[f["name"]] = raw == "true"
        elif raw is None:
            continue
        elif f["kind"] == "choice":
            spec = get_variant(ruleset.variant).options[f["name"]]
            match = [c for c in spec.choices or () if (c if isinstance(c, str) else json.dumps(c)) == raw]
            if not match:
                raise jobs.JobError(f"{f['name']}: {raw!r} is not one of its readings")
            out[f["name"]] = match[0]
        else:
            out[f["name"]] = _whole(raw, f["name"])
    return out


@require_http_methods(["POST"])
def simulation_new(request: HttpRequest) -> HttpResponse:
    from archive.models import Ruleset

    ruleset = Ruleset.objects.filter(pk=request.POST.get("ruleset", "") if (request.POST.get("ruleset") or "").isdigit() else None).first()
    if ruleset is None or not ruleset.variant:
        raise Http404("no playable ruleset of that id")
    try:
        options = _form_options(request, ruleset)
        job, _ = jobs.submit(variant=ruleset.variant, options=options, players=request.POST.get("players", "random"),
                             games=_whole(request.POST.get("games"), "games"), seed=_whole(request.POST.get("seed"), "seed"),
                             who=_requester(request))
    except (jobs.JobError, EngineError) as exc:
        code = getattr(exc, "code", "invalid")
        return render(request, "games/simulation_refused.html", {"ruleset": ruleset, "reason": str(exc)},
                      status=STATUS.get(code, 400))
    return redirect(job)


def _job_table(runs: list[tuple[SimulationJob, str]]) -> dict[str, Any] | None:
    done = [(job, label) for job, label in runs if job.status == SimulationJob.Status.DONE and job.result]
    if not done:
        return None
    try:
        variant = get_variant(done[0][0].variant)
    except EngineError:
        return None
    return table(variant, [column(job.result, label, i == 0) for i, (job, label) in enumerate(done)])


def simulation_job(request: HttpRequest, job_id: str) -> HttpResponse:
    job = SimulationJob.objects.select_related("result").filter(pk=job_id).first()
    if job is None:
        raise Http404("no such simulation run")
    return render(request, "games/simulation_job.html", {
        "job": job, "progress": jobs.progress(job), "sim": _job_table([(job, "This run")]),
        "active": job.status in SimulationJob.ACTIVE, "clause_base": _clauses_page(job.variant),
    })


def _clauses_page(variant: str) -> str:
    """Where a variant's clauses are read: the page of a game with a ruleset it plays."""
    from archive.models import Ruleset

    ruleset = Ruleset.objects.filter(variant=variant).select_related("game").order_by("pk").first()
    return ruleset.game.get_absolute_url() if ruleset else ""


def simulation_compare(request: HttpRequest) -> HttpResponse:
    a = SimulationJob.objects.select_related("result").filter(pk=request.GET.get("a", "")).first()
    b = SimulationJob.objects.select_related("result").filter(pk=request.GET.get("b", "")).first()
    if a is None or b is None:
        raise Http404("give two runs to compare: ?a=ID&b=ID")
    if a.variant != b.variant:
        return render(request, "games/simulation_refused.html",
                      {"reason": f"runs of two engines ({a.variant}, {b.variant}) are not compared side by side"}, status=400)
    return render(request, "games/simulation_compare.html", {
        "a": a, "b": b, "sim": _job_table([(a, f"Run {a.pk}"), (b, f"Run {b.pk}")]),
        "differences": sorted(k for k in set(a.options) | set(b.options) if a.options.get(k) != b.options.get(k)),
        "clause_base": _clauses_page(a.variant),
    })
