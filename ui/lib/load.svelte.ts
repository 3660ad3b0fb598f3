// The one way pages load data: a loader holds the answer, the error (the problem's detail) and whether it is loading;
// <Loadable> shows those states. `reload(true)` refreshes quietly (live lists, after an action): the rows stay.
export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
}

export interface Loader<T> {
  readonly state: Loaded<T>;
  reload(quiet?: boolean): Promise<void>;
}

/** Only the answer to the latest reload is kept (filters change quickly; an older answer may arrive last). */
export function loader<T>(fetcher: () => Promise<T>): Loader<T> {
  const state = $state<Loaded<T>>({ data: undefined, error: undefined, loading: true });
  let seq = 0;
  async function reload(quiet = false) {
    const mine = ++seq;
    if (!quiet) {
      state.loading = true;
      state.error = undefined;
    }
    try {
      const data = await fetcher();
      if (mine !== seq) return;
      state.data = data;
      state.error = undefined;
    } catch (err) {
      if (mine !== seq) return;
      state.error = err instanceof Error ? err.message : String(err);
    } finally {
      if (mine === seq) state.loading = false;
    }
  }
  return { state, reload };
}

/** Calls `fn` every `ms` while the page is visible; returns a stop function (use inside $effect). */
export function every(ms: number, fn: () => void): () => void {
  const id = setInterval(() => {
    if (document.visibilityState === "visible") fn();
  }, ms);
  return () => clearInterval(id);
}
