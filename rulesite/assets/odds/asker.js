// The calculator's questions to its own engine worker (engine_client.js's oddsEngine), so
// that the page never waits on a stale one. One question runs at a time; the same question
// asked again (a re-rendered page, a burst of events) joins the one running or takes the
// last answer, so one question is one calculation. A newer question lets a stale one run on
// for at most as long as a fresh worker takes to start (then waiting had cost no more than
// ending it at once, and a stale question nearly done is not thrown away), then ends that
// worker and asks on a new one; the Python runtime's files come from the browser's cache.
// Cancel ends it at once.
//
// ask() answers {answer} (engine.api.odds's), {cancelled: true}, {stale: true} (a newer
// question took its place) or {failed: error} (the engine could not start or died).

import { EngineStopped, oddsEngine } from "../walkthrough/engine_client.js";

// A restart's time until one is measured: 2.1 to 2.4 s measured on the shared two-core test
// machine; a shorter first guess only lets a stale question go sooner (it adapts after one).
const FIRST_RESTART_MS = 1000;

class Question {
  constructor(key, call, told) {
    this.key = key;
    this.call = call;
    this.told = told; // hears the share of the work done (the page asking it last)
    this.share = 0;
    this.promise = new Promise((resolve) => (this.resolve = resolve));
  }

  hear(share) {
    this.share = share;
    this.told?.(share);
  }
}

class Asker {
  constructor() {
    this.engine = null;
    this.running = null; // the question the worker works on
    this.waiting = null; // the newest question, asked once the worker is free
    this.last = null; // {key, answer}: the last question answered
    this.stale = false; // the running question is no longer wanted
    this.timer = null;
    this.restartMs = FIRST_RESTART_MS;
    this.away = false; // the calculator's page was left: a start finishing now is ended
  }

  // A started `engine` becomes the one asked, unless the page was left meanwhile.
  adopt(engine) {
    if (this.away) oddsEngine.stop(engine, new EngineStopped("the calculator's page was left"));
    else if (!engine.stopped) this.engine = engine;
    this.next();
  }

  // Starts the worker, or joins its start (`progress` is told its stages); the engine.
  async start(progress = () => {}) {
    this.away = false;
    const engine = await oddsEngine.start(progress);
    this.adopt(engine);
    return engine;
  }

  // `told` hears the share of the work done, from where the question stands now.
  ask(key, call, told = null) {
    if (this.running?.key === key) {
      this.dropWaiting({ stale: true });
      this.stale = false; // wanted again: it runs on
      clearTimeout(this.timer);
      this.running.told = told;
      told?.(this.running.share);
      return this.running.promise;
    }
    if (this.waiting?.key === key) {
      this.waiting.told = told;
      return this.waiting.promise;
    }
    if (this.last?.key === key) {
      this.drop();
      return Promise.resolve({ answer: this.last.answer });
    }
    this.drop();
    this.waiting = new Question(key, call, told);
    const asked = this.waiting.promise;
    this.next();
    return asked;
  }

  // No question is wanted any more (the form lost its units, the page was left): what waits
  // is dropped, what runs becomes stale.
  drop() {
    this.dropWaiting({ stale: true });
    if (!this.running || this.stale) return;
    this.stale = true;
    this.timer = setTimeout(() => this.restart({ stale: true }), this.restartMs);
  }

  // The reader's Cancel: what runs or waits ends now, and a fresh worker starts.
  cancel() {
    this.dropWaiting({ cancelled: true });
    this.restart({ cancelled: true });
  }

  // The calculator's page was left: its worker ends, and starts again with the next question.
  stop() {
    this.away = true;
    this.dropWaiting({ stale: true });
    this.end({ stale: true });
  }

  dropWaiting(outcome) {
    this.waiting?.resolve(outcome);
    this.waiting = null;
  }

  next() {
    if (!this.engine || this.running || !this.waiting) return;
    const question = (this.running = this.waiting);
    const engine = this.engine;
    this.waiting = null;
    this.stale = false;
    engine.callWith("odds", question.call.args, question.call.kwargs, (share) => question.hear(share)).then(
      (answer) => this.settle(question, { answer }),
      (error) => {
        if (this.running !== question) return; // ended here: already settled
        if (!engine.stopped) {
          this.settle(question, { answer: { ok: false, error: { message: `the engine failed (${error.message})` } } });
          return;
        }
        // The worker died by itself: forgotten, so that the reader's Start makes a new one.
        this.end({ failed: error });
        this.dropWaiting({ failed: error });
      },
    );
  }

  settle(question, outcome) {
    if (this.running !== question) return;
    clearTimeout(this.timer);
    this.running = null;
    this.last = { key: question.key, answer: outcome.answer };
    question.resolve(outcome);
    this.next();
  }

  // Ends the worker; the running question is answered `outcome`.
  end(outcome) {
    clearTimeout(this.timer);
    const question = this.running;
    this.running = null;
    if (this.engine) oddsEngine.stop(this.engine, new EngineStopped("the calculation was stopped"));
    this.engine = null;
    question?.resolve(outcome);
  }

  restart(outcome) {
    this.end(outcome);
    const began = performance.now();
    oddsEngine.start(() => {}).then(
      (engine) => {
        this.restartMs = performance.now() - began;
        this.adopt(engine);
      },
      (error) => this.dropWaiting({ failed: error }),
    );
  }
}

// One per tab: a page Material re-renders (a hash set from a script) mounts a new
// calculator, which asks the same question of the same worker.
export const asker = new Asker();
