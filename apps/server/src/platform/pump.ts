import type { FastifyBaseLogger } from "fastify";

/**
 * Runs a drain function on demand (`kick`, after a commit) and on a timer (retries), never twice
 * at once; `stop` waits for the run in progress. The outbox and the job queue both pump this way.
 * A call that arrives while a pass runs may have committed work that pass did not see, so it
 * earns one more pass, and its promise settles only after that pass.
 */
export class Pump {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly drain: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly what: string,
  ) {}

  kick(): void {
    void this.flush().catch((err) => this.log.error({ err }, `${this.what} failed`));
  }

  /** Runs now; during a run, asks for one more pass and settles after it. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.drain();
        } while (this.again);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }
}
