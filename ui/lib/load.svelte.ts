// The state of one load: data, error (the problem's detail) and loading; `reload(true)` refreshes quietly.
export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
}

export function loader<T>(fetcher: () => Promise<T>) {
  const state = $state<Loaded<T>>({ data: undefined, error: undefined, loading: true });
  let seq = 0;
  async function reload(quiet = false) {
    const mine = ++seq;
    if (!quiet) state.loading = true;
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
