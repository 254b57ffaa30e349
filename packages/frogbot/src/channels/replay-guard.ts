import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import type { ChannelState } from '../contract/channel-state.ts'

/** How far a signed timestamp may be from now by default, either way (ms): Slack's and Discord's 5 minutes. */
export const FRESHNESS_WINDOW_MS = 5 * 60_000

/** How long a delivery id, or a request that carries no time, is remembered by default (ms). */
export const DELIVERY_KEEP_MS = 24 * 60 * 60_000

/** Why a verified request was refused: `stale` (signed too long ago, or ahead), `replay` (received before). */
export type ReplayRefusal = { refused: 'stale' | 'replay'; message: string }

/** A `401 unauthorized` refusal in FrogBot's flat error shape, for a request a piece does not trust. */
export function unauthorized(message: string): Response {
  return Response.json({ error: message, code: 'unauthorized' }, { status: 401 })
}

/**
 * Admits each verified webhook request once (docs/pieces/overview.md): call `admit`
 * after the platform's own signature check, before anything acts on the body. A request is known
 * by what a sender cannot re-encode without breaking the signature: the platform's delivery id
 * where it gives one (GitHub's `x-github-delivery`), else the time it was signed plus a SHA-256 of
 * the raw body (never the signature, which a platform may accept in another letter case or
 * encoding). Where the platform signs a time (`signedAt`, ms since the epoch), a request more than
 * `windowMs` away from `now` is `stale`, and it is remembered only as long as it could be fresh;
 * a delivery id, or a request without a time, is remembered `keepMs`. Keys live in the piece's
 * state (FrogBot's database), so every server refuses a replay another one admitted. A request
 * the piece then fails to handle (answered 5xx, so the platform delivers it again) is forgotten
 * again (see {@link releasedOnFailure}), so its redelivery is admitted. Returns `null` when
 * admitted, else why not (with a message for {@link unauthorized}).
 */
export function replayGuard({ state, now = Date.now, windowMs = FRESHNESS_WINDOW_MS, keepMs = DELIVERY_KEEP_MS }: {
  state: Pick<ChannelState, 'setIfNotExists' | 'delete'>
  now?: () => number
  windowMs?: number
  keepMs?: number
}) {
  return {
    admit: async ({ body, signedAt, deliveryId }: { body: string; signedAt?: number; deliveryId?: string }): Promise<ReplayRefusal | null> => {
      if (signedAt !== undefined && !(Number.isFinite(signedAt) && Math.abs(now() - signedAt) <= windowMs)) {
        return { refused: 'stale', message: `Refused: the request was signed more than ${Math.round(windowMs / 1000)} s away from this server's time.` }
      }
      const key =
        deliveryId !== undefined
          ? `frogbot:delivery:${deliveryId}`
          : `frogbot:delivery:${signedAt ?? 'unsigned'}:${createHash('sha256').update(body).digest('hex')}`
      const keep = deliveryId === undefined && signedAt !== undefined ? 2 * windowMs + 60_000 : keepMs
      if (await state.setIfNotExists(key, true, keep)) {
        admittedNow.getStore()?.push({ state, key })
        return null
      }
      return { refused: 'replay', message: 'Refused: this signed request was already received (a replay).' }
    }
  }
}

/** See {@link replayGuard}. */
export type ReplayGuard = ReturnType<typeof replayGuard>

/** The requests admitted while one webhook request is handled (see {@link releasedOnFailure}). */
const admittedNow = new AsyncLocalStorage<{ state: Pick<ChannelState, 'delete'>; key: string }[]>()

/**
 * Runs `handle` (one webhook request) and, when its answer is a server error (5xx: the platform
 * delivers the request again, Slack, Telegram and GitHub among them), forgets every request a
 * {@link replayGuard} admitted meanwhile, so that the redelivery is not refused as a replay. The
 * kit's webhook does this for every piece.
 */
export async function releasedOnFailure(handle: () => Promise<Response>): Promise<Response> {
  const admitted: { state: Pick<ChannelState, 'delete'>; key: string }[] = []
  const response = await admittedNow.run(admitted, handle)
  if (response.status >= 500) await Promise.all(admitted.map(({ state, key }) => state.delete(key).catch(() => {})))
  return response
}
