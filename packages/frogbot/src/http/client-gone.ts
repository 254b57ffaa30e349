/**
 * A request whose client closed the connection before its body arrived (a `curl` stopped with
 * Ctrl-C mid-upload, a browser tab closed): nobody waits for an answer, and the server did nothing
 * wrong, so `errorResponse` logs nothing and no 500 is recorded for it.
 */
export class ClientGoneError extends Error {
  constructor(cause?: unknown) {
    super('The client closed the connection before its request body arrived.', { cause })
    this.name = 'ClientGoneError'
  }
}

/**
 * Whether `error` (or one of its causes) is a client going away mid-request: a
 * {@link ClientGoneError}, or Node's own error for a request stream cut short (`Error: aborted`,
 * code `ECONNRESET`, what `@hono/node-server`'s body stream rejects with). Other connection resets
 * (`read ECONNRESET` from a database or a model's API) are the server's to report and do not match.
 */
export function isClientGone(error: unknown): boolean {
  let current = error
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (current.name === 'ClientGoneError') return true
    if ((current as NodeJS.ErrnoException).code === 'ECONNRESET' && current.message === 'aborted') return true
    current = current.cause
  }
  return false
}
