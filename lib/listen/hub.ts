// In-process dispatch of listen-session hand-offs. One listener per process on the signals connection fans the
// payloads out to the streams and attempts waiting here: `r:<session>` a request was written for a session,
// `a:<request>` a request was answered, `x:<session>` a session ended. NOTIFY carries them between instances;
// `local` skips the round trip inside one. A lost payload only delays: streams and waiters also poll.
import { LISTEN_CHANNEL, type Signals } from "../signals/signals.ts";

export interface ListenHub {
  /** Calls `wake` for every payload equal to `key` (and after a reconnect); returns the unsubscribe. */
  on(key: string, wake: () => void): () => void;
  /** Delivers a payload inside this process at once. */
  local(key: string): void;
}

export const requestKey = (sessionId: string) => `r:${sessionId}`;
export const answerKey = (requestId: string) => `a:${requestId}`;
export const endedKey = (sessionId: string) => `x:${sessionId}`;

/** SQL that tells every instance about `$n` (a key above); run it after (or in) the write it announces. */
export const notifyListenSql = (param: string) => `pg_notify('${LISTEN_CHANNEL}', ${param})`;

const hubs = new WeakMap<Signals, ListenHub>();

export function listenHub(signals: Signals): ListenHub {
  let hub = hubs.get(signals);
  if (hub) return hub;
  const waiting = new Map<string, Set<() => void>>();
  const dispatch = (key: string) => {
    // After a reconnect everything waiting looks again; nothing is ended on a guess.
    const targets =
      key === "*"
        ? [...waiting].flatMap(([k, s]) => (k.startsWith("x:") ? [] : [...s]))
        : [...(waiting.get(key) ?? [])];
    for (const wake of targets) wake();
  };
  let subscribed = false;
  hub = {
    on(key, wake) {
      if (!subscribed) {
        signals.onListen(dispatch);
        subscribed = true;
      }
      const set = waiting.get(key) ?? waiting.set(key, new Set()).get(key)!;
      set.add(wake);
      return () => {
        set.delete(wake);
        if (!set.size) waiting.delete(key);
      };
    },
    local: dispatch,
  };
  hubs.set(signals, hub);
  return hub;
}
