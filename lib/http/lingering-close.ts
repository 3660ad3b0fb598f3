// Lingering close (RFC 9112 §9.6). When svc answers before it has read a request's body (a 413, a 401 before
// authentication passes, a 404) and the connection ends with that response, Node destroys the socket as soon
// as the response is written; a client still sending its body then sees EPIPE or ECONNRESET instead of our
// answer. We half-close instead — our side is done — and keep reading and discarding until the client closes,
// or a bound of bytes or time is reached.
import type { Server } from "node:http";
import type { Socket } from "node:net";

export const LINGER_BYTES = 64 * 1024 * 1024;
export const LINGER_MS = 10_000;

function lingeringClose(this: Socket): Socket {
  this.end();
  let discarded = 0;
  const giveUp = () => this.destroy();
  const timer = setTimeout(giveUp, LINGER_MS);
  timer.unref();
  this.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) giveUp();
  });
  this.once("end", giveUp);
  this.once("close", () => clearTimeout(timer));
  this.resume();
  return this;
}

/** Every connection the server closes after a response lingers before it is destroyed. */
export function installLingeringClose(server: Server): void {
  server.on("connection", (socket: Socket) => {
    socket.destroySoon = lingeringClose;
  });
}
