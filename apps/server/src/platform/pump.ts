import type { FastifyBaseLogger } from "fastify";

/**
 * Runs a drain function on demand (`kick`, after a commit) and on a timer (retries), never twice
 * at once; `stop` waits for the run in progress. The outbox and the job queue both pump this way.
 */
export class Pump {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly drain: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly what: string,
  ) {}

  kick(): void {
    void this.flush().catch((err) => this.log.error({ err }, `${this.what} failed`));
  }

  /** Runs now, or joins the run in progress. */
  flush(): Promise<void> {
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
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
