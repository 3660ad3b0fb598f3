// Polls until a condition holds (for background work), failing with the last value seen.
export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 15_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!accept(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)?.slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, everyMs));
    last = await probe();
  }
  return last;
}

/** Polls until `probe` resolves true. */
export async function waitUntil(probe: () => Promise<boolean>, timeoutMs = 15_000, everyMs = 100): Promise<void> {
  await eventually(probe, (ok) => ok, timeoutMs, everyMs);
}
