/**
 * At most `maxActive` tasks at once and `maxQueued` waiting; beyond that a task is refused at once
 * (the caller answers 503 + Retry-After) instead of queueing without bound, so a burst of
 * expensive requests cannot starve the rest of the server of CPU or memory.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly maxActive: number,
    private readonly maxQueued: number,
  ) {}

  /** Runs `task` when a slot is free; undefined (task not run) when every slot and queue place is taken. */
  tryRun<T>(task: () => Promise<T>): Promise<T> | undefined {
    if (this.active >= this.maxActive && this.waiting.length >= this.maxQueued) return undefined;
    return this.acquire().then(async () => {
      try {
        return await task();
      } finally {
        this.release();
      }
    });
  }

  private acquire(): Promise<void> {
    if (this.active < this.maxActive) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (next) next();
    else this.active -= 1;
  }
}
