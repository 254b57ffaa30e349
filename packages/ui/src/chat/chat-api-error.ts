import type { ErrorBody, ErrorCode } from '@frogbotai/protocol'

const marker = Symbol.for('frogbotai.ui.ChatApiError')

/**
 * A refusal from the FrogBot API, read from its flat error body
 * (`{ error: "<message for a person>", code?, ...fields }`, docs/http/errors.md):
 * `status` is the HTTP status, `code` the stable error code (absent for a malformed body),
 * `message` the server's sentence for a person, and `body` the whole body (e.g. `settlement` with
 * `409 already-settled`). A network failure is not a `ChatApiError`.
 */
export class ChatApiError extends Error {
  readonly [marker] = true
  readonly status: number
  readonly code: ErrorCode | undefined
  readonly body: Partial<ErrorBody>

  constructor({ status, body }: { status: number; body: Partial<ErrorBody> }) {
    super(typeof body.error === 'string' && body.error ? body.error : `The server answered ${status}.`)
    this.name = 'ChatApiError'
    this.status = status
    this.code = body.code
    this.body = body
  }

  /** True for a `ChatApiError`, also one created by another copy of this package. */
  static isInstance(error: unknown): error is ChatApiError {
    return typeof error === 'object' && error !== null && marker in error
  }

  /** Reads an error body (JSON, or any text) into a `ChatApiError`. */
  static fromBody(status: number, text: string): ChatApiError {
    let body: Partial<ErrorBody> = {}
    try {
      const parsed: unknown = JSON.parse(text)
      if (parsed && typeof parsed === 'object') body = parsed as Partial<ErrorBody>
    } catch {
      body = { error: text.trim() || undefined }
    }
    return new ChatApiError({ status, body })
  }
}

/** The sentence to show a person for any error a chat request can end with. */
export function errorMessage(error: unknown): string {
  if (ChatApiError.isInstance(error)) return error.message
  const api = apiCallError(error)
  if (api) return api.message
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.'
  return error instanceof Error ? error.message : String(error)
}

/**
 * The `ChatApiError` inside an error the AI SDK's transport threw (its `APICallError` carries the
 * status and the body as text), or the error itself when it already is one.
 */
export function apiCallError(error: unknown): ChatApiError | null {
  if (ChatApiError.isInstance(error)) return error
  if (typeof error !== 'object' || error === null) return null
  const { statusCode, responseBody } = error as { statusCode?: unknown; responseBody?: unknown }
  if (typeof statusCode !== 'number') return null
  return ChatApiError.fromBody(statusCode, typeof responseBody === 'string' ? responseBody : '')
}
