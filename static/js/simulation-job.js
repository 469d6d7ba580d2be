// A simulation run's page (templates/games/simulation_job.html): while the run waits or runs,
// read its progress from the API every second and show it; once it has ended, load the page
// again, which then shows the result. No inline script (the CSP allows none).
const box = document.querySelector("[data-simulation-job]");

async function poll() {
  if (!box || box.dataset.active !== "yes") return;
  let body = null;
  try {
    const answer = await fetch(box.dataset.api, { headers: { Accept: "application/json" } });
    if (answer.ok) body = await answer.json();
  } catch (error) {
    body = null;
  }
  if (body) {
    box.querySelector("[data-job-progress]").value = body.games_done;
    box.querySelector("[data-job-count]").textContent = `${body.games_done} of ${body.games} games played`;
    box.querySelector("[data-job-left]").textContent = body.seconds_left === null ? "" : `, about ${Math.round(body.seconds_left)} s left`;
    box.querySelector("[data-job-status]").textContent = body.status_text + (body.error ? `: ${body.error}` : "");
    if (!["queued", "running", "merging"].includes(body.status)) {
      box.dataset.active = "no";
      window.location.reload();
      return;
    }
  }
  setTimeout(poll, 1000);
}

poll();
