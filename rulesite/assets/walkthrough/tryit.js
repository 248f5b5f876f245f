// A try-it cell: Python typed by the reader, run against the engine in its own worker.
// A run that takes too long, or that the reader stops, ends that worker; walkthroughs
// have their own and never notice.

import { h } from "./dom.js";
import { EngineStopped, STAGES, tryitEngine } from "./engine_client.js";

const TIME_LIMIT_MS = 10_000;
const MAX_LINES = 200;

// Output as shown: at most MAX_LINES lines, then how many more there were.
function capped({ text, more_lines: moreLines }) {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const hidden = Math.max(0, lines.length - MAX_LINES) + (moreLines || 0);
  const shown = lines.slice(0, MAX_LINES).join("\n");
  if (!hidden) return shown || "(no output)";
  return `${shown}\n… ${hidden} more line${hidden === 1 ? "" : "s"}`;
}

export class TryIt {
  constructor(root) {
    this.root = root;
    this.code = root.querySelector(".wt-code");
    this.output = root.querySelector(".wt-output");
    this.progress = root.querySelector(".wt-progress");
    this.runButton = root.querySelector(".wt-run");
    this.runButton.hidden = false;
    this.stopButton = h(
      "button",
      { type: "button", class: "wt-button wt-stop", hidden: true, onclick: () => this.stop("Stopped.") },
      "Stop",
    );
    this.runButton.after(this.stopButton);
    this.runButton.addEventListener("click", () => this.run());
  }

  async run() {
    if (this.engine) return;
    this.runButton.disabled = true;
    this.stopButton.hidden = false;
    this.output.textContent = "";
    try {
      this.output.textContent = capped(await this.runOnce());
    } catch (err) {
      if (err instanceof EngineStopped && err.stoppedBy !== this) {
        // Another cell's runaway code took the shared worker down: run again on a fresh one.
        try {
          this.output.textContent = capped(await this.runOnce());
        } catch (again) {
          this.output.textContent = again.message;
        }
      } else {
        this.output.textContent = err instanceof EngineStopped ? err.message : `Could not run: ${err.message}`;
      }
    } finally {
      clearTimeout(this.timer);
      this.engine = null;
      this.progress.textContent = "";
      this.runButton.disabled = false;
      const stopHadFocus = document.activeElement === this.stopButton;
      this.stopButton.hidden = true;
      if (stopHadFocus) this.runButton.focus();
    }
  }

  async runOnce() {
    this.engine = await tryitEngine.start((stage) => {
      this.progress.textContent = STAGES[stage] ?? "";
    });
    this.progress.textContent = "Running…";
    this.timer = setTimeout(
      () => this.stop(`Stopped after ${TIME_LIMIT_MS / 1000} s: the time limit for a cell.`),
      TIME_LIMIT_MS,
    );
    return this.engine.run(this.code.value);
  }

  // Ends the try-it worker; the next Run starts a fresh runtime (its files come from the
  // browser's cache, so it costs the boot time but no download).
  stop(message) {
    if (!this.engine) return;
    const reason = new EngineStopped(
      `${message} The next Run starts a fresh Python runtime, which takes a few seconds.`,
    );
    // Runs of other cells queued on the same worker see who stopped it, and run again.
    reason.stoppedBy = this;
    tryitEngine.stop(this.engine, reason);
  }
}
