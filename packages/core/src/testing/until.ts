/**
 * Resolves once `check` comes true, asking again every `everyMs`; after `timeoutMs` it rejects,
 * saying what it waited for. For what a test can only watch happen (a server noticing a closed
 * connection, a pool dropping a killed one), never as a measure of speed.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 5_000, everyMs = 25 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
