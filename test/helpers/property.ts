// Seeds for the fuzz tests: every run checks the same fixed seed (a failure there fails CI the same way every
// time) and then a fresh random one, so new runs keep exploring; a failure names the seed that found it, and
// PROPERTY_SEED=<seed> replays just that one.
import fc from "fast-check";

export const FIXED_SEED = 20_261_127;

export interface Runs {
  fixed: number;
  random: number;
}

export async function assertProperty<Ts extends [unknown, ...unknown[]]>(
  property: fc.IAsyncProperty<Ts>,
  runs: Runs,
): Promise<void> {
  const replay = process.env.PROPERTY_SEED;
  const seeds: [string, number, number][] = replay
    ? [["given", Number(replay), runs.fixed + runs.random]]
    : [
        ["fixed", FIXED_SEED, runs.fixed],
        ["random", Math.floor(Math.random() * 2 ** 31), runs.random],
      ];
  for (const [kind, seed, numRuns] of seeds) {
    try {
      await fc.assert(property, { seed, numRuns, verbose: 1 });
    } catch (err) {
      // fast-check keeps the failing assertion as the cause.
      const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : "";
      const message = (err instanceof Error ? err.message : String(err)) + cause;
      throw new Error(`property failed with the ${kind} seed ${seed} (PROPERTY_SEED=${seed} replays it)\n${message}`);
    }
  }
}
