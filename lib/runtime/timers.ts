// Node's timers, put in place of the global ones throughout dist/fetch.js (esbuild's inject, build.mjs): svc unrefs
// its timers, and on some runtimes (workerd before its 2026 compatibility dates) the global timers return numbers.
export { clearImmediate, clearInterval, clearTimeout, setImmediate, setInterval, setTimeout } from "node:timers";
