import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { type JWK, jwtVerify, SignJWT } from 'jose'

/** The test's bot: its Microsoft App ID and client secret. */
export const APP_ID = '00000000-0000-4000-8000-00000000b07a'
export const APP_PASSWORD = 'test-client-secret-0123456789'

/** The issuer of Bot Framework tokens (Bot Connector authentication). */
export const ISSUER = 'https://api.botframework.com'

/** A signing key: its id, its private half, and its public half as the keys document lists it. */
export type Key = { kid: string; privateKey: KeyObject; jwk: JWK }

let keyCount = 0

/** A fresh RSA key pair with a key id, its public half as a JWK endorsed for `endorsements` (as the Bot Framework's keys document lists them). */
export function signingKey(endorsements: string[] = ['msteams']): Key {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const kid = `test-key-${++keyCount}`
  return { kid, privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig', endorsements } as JWK }
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A JWT signed RS256 with `key` (RFC 7515 compact serialization), made synchronously as the platform's side of a test. */
export function signedJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject): string {
  const input = `${base64url(header)}.${base64url(payload)}`
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`
}

/**
 * The Bot Framework's signing side, as the test makes it: the keys the stand-in's JWKS lists, the
 * tokens the Bot Connector service puts on each activity it sends the bot (Bot Connector
 * authentication: issuer `https://api.botframework.com`, audience the app id, `serviceurl`,
 * an hour's lifetime), and the tokens its login endpoint issues the bot for its own calls.
 */
export function botFrameworkKeys() {
  let keys = [signingKey()]
  const botTokenSecret = new TextEncoder().encode(`bot-token-secret-${Math.random()}`)
  return {
    /** The JWKS document: every current key's public half. */
    jwks: () => ({ keys: keys.map((key) => key.jwk) }),
    /** Replaces every key with a new one endorsed for `endorsements` (a key rollover): later tokens carry a `kid` the piece has not seen. */
    rotate: (endorsements?: string[]) => void (keys = [signingKey(endorsements)]),
    /**
     * A Bot Framework token for an activity sent at `now` (ms) to `serviceUrl`: signed with the
     * current key unless `key` says otherwise; `claims` override or add claims (`aud`, `iss`,
     * `exp`, …; `undefined` leaves one out); `lifetimeS` from `now`.
     */
    activityToken: ({ serviceUrl, now = Date.now(), key, claims = {}, lifetimeS = 3600 }: { serviceUrl: string; now?: number; key?: Key; claims?: Record<string, unknown>; lifetimeS?: number }) => {
      const signer = key ?? keys[0]
      const iat = Math.floor(now / 1000)
      const payload: Record<string, unknown> = { iss: ISSUER, aud: APP_ID, serviceurl: serviceUrl, iat, nbf: iat, exp: iat + lifetimeS, ...claims }
      for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name]
      return signedJwt({ alg: 'RS256', kid: signer.kid, typ: 'JWT' }, payload, signer.privateKey)
    },
    /** A token of the login endpoint for the bot's own calls, valid `lifetimeS`. */
    botToken: (scope: string, lifetimeS: number) =>
      new SignJWT({ scp: scope, appid: APP_ID }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(`${lifetimeS}s`).setAudience('https://api.botframework.com').sign(botTokenSecret),
    /** Whether `token` is one the login endpoint issued and it has not expired. */
    validBotToken: async (token: string | null) => {
      if (!token) return false
      try {
        await jwtVerify(token, botTokenSecret, { audience: 'https://api.botframework.com' })
        return true
      } catch {
        return false
      }
    }
  }
}

/** See {@link botFrameworkKeys}. */
export type BotFrameworkKeys = ReturnType<typeof botFrameworkKeys>
