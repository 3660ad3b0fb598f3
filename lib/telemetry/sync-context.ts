// The context manager svc's tracing runs on: a context is active for the synchronous extent of `context.with`, and
// svc hands it on across awaits itself (a request's context travels with the request, a push's trace is stored
// with the event). The SDK's AsyncLocalStorage manager follows every await instead, but on Node 20 that turns on
// promise hooks for every promise of the process: measured in bench/otel at ≈ 25–30 µs of CPU per push (≈ 30 %
// of a push), more than recording and exporting its two spans.
import { ROOT_CONTEXT, type Context, type ContextManager } from "@opentelemetry/api";

export class SyncContextManager implements ContextManager {
  #current: Context = ROOT_CONTEXT;

  active(): Context {
    return this.#current;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    const previous = this.#current;
    this.#current = context;
    try {
      return fn.call(thisArg, ...args);
    } finally {
      this.#current = previous;
    }
  }

  bind<T>(context: Context, target: T): T {
    if (typeof target !== "function") return target;
    const manager = this;
    return function (this: unknown, ...args: unknown[]) {
      return manager.with(context, () => (target as (...a: unknown[]) => unknown).apply(this, args));
    } as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.#current = ROOT_CONTEXT;
    return this;
  }
}
