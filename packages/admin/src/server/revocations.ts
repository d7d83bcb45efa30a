/**
 * Sessions ended while the database could not delete them: refused at once by this process, and
 * deleted as soon as the database can (retried with a growing pause). Kept in memory, so another
 * instance of the app, or this one after a restart, accepts such a session until the delete lands.
 */

/** The most revocations remembered; past it the oldest is forgotten (its session may work again). */
const MAX_PENDING = 10_000;
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 30_000;

export class PendingRevocations {
  /** Token hash → when to forget it (by then the session has expired anyway). */
  private readonly pending = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pauseMs = FIRST_RETRY_MS;

  constructor(
    /** Deletes one session by its token hash; rejects while the database cannot. */
    private readonly remove: (hash: string) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a session was ended and its row may still be there. */
  has(hash: string): boolean {
    const forgetAt = this.pending.get(hash);
    if (forgetAt === undefined) return false;
    if (forgetAt > this.now()) return true;
    this.pending.delete(hash);
    return false;
  }

  /** Refuses the session from now on, and deletes it once the database answers again. */
  add(hash: string, forgetAt: number): void {
    this.pending.delete(hash);
    this.pending.set(hash, forgetAt);
    if (this.pending.size > MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
    this.schedule();
  }

  /** The session's row is deleted: nothing left to remember. */
  forget(hash: string): void {
    this.pending.delete(hash);
  }

  /** The revocations not yet deleted (tests, diagnostics). */
  get size(): number {
    return this.pending.size;
  }

  private schedule(): void {
    if (this.timer !== undefined || this.pending.size === 0) return;
    this.timer = setTimeout(() => void this.retry(), this.pauseMs);
    // A retry never keeps the process alive.
    this.timer.unref?.();
  }

  private async retry(): Promise<void> {
    this.timer = undefined;
    for (const hash of [...this.pending.keys()]) {
      if (!this.has(hash)) continue;
      try {
        await this.remove(hash);
        this.pending.delete(hash);
      } catch {
        // Still down: wait longer before the next round.
        this.pauseMs = Math.min(this.pauseMs * 2, LAST_RETRY_MS);
        this.schedule();
        return;
      }
    }
    this.pauseMs = FIRST_RETRY_MS;
  }
}
