// "Copy citation" buttons: copy the text of the element named by data-copy and say so.
async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain http (a dev server, an intranet): fall back to a selected textarea.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "absolute";
  area.style.left = "-9999px";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

document.querySelectorAll("button[data-copy]").forEach((button) => {
  const status = button.parentElement.querySelector(".copy-status");
  button.addEventListener("click", async () => {
    const text = document.getElementById(button.dataset.copy).textContent.trim();
    try {
      await copyText(text);
      if (status) status.textContent = "Copied.";
    } catch {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById(button.dataset.copy));
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      if (status) status.textContent = "Selected: press Ctrl+C (⌘C) to copy.";
    }
  });
});
