/**
 * Runs a job now (or first after `everyMs` with `startNow: false`), then `everyMs` after each run
 * ends (never two at once, however slow a run), until stopped; `stop()` waits for the run in
 * progress. A run that fails is passed to `onError` and the next one comes as usual. The timer
 * never keeps the process alive. The market rounds (simulated and live) and the facts refresh.
 */
export class Repeat {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private current: Promise<void> = Promise.resolve();
  running = false;

  constructor(
    private readonly everyMs: number,
    private readonly job: () => Promise<void>,
    private readonly onError: (e: unknown) => void,
    private readonly options: { startNow?: boolean } = {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    const later = () => {
      this.timer = setTimeout(loop, this.everyMs);
      this.timer.unref?.();
    };
    const loop = () => {
      if (!this.running) return;
      this.current = this.job()
        .catch(this.onError)
        .finally(() => {
          if (this.running) later();
        });
    };
    if (this.options.startNow === false) later();
    else loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }
}
