/**
 * A call a piece made to its platform's API that failed: `message` says what failed, for the log
 * (the call, the status, what the platform said); `status` is the HTTP status (0 when the platform
 * was not reached); `credentials` says whether the platform refused the piece's credentials
 * (default: a `401` or `403`, RFC 9110 §15.5.2 and §15.5.4), which a piece tells as a
 * `refused` lookup problem (what to check) rather than an `unreachable` one.
 */
export class PlatformError extends Error {
  readonly status: number
  readonly credentials: boolean
  constructor(message: string, status: number, { credentials = status === 401 || status === 403 }: { credentials?: boolean } = {}) {
    super(message)
    this.name = 'PlatformError'
    this.status = status
    this.credentials = credentials
  }
}
