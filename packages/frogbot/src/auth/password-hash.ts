import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto'

/**
 * scrypt cost parameters. The default, N = 2^15, r = 8, p = 3, is one of OWASP's recommended
 * equivalents of N = 2^17, r = 8, p = 1 with a quarter of the memory (32 MiB per hash instead of
 * 128 MiB), so a burst of sign-ins cannot exhaust the server's memory.
 */
export type ScryptParams = { logN: number; r: number; p: number }

export const PASSWORD_PARAMS: ScryptParams = { logN: 15, r: 8, p: 3 }

/** Shortest and longest password accepted when one is set. */
export const PASSWORD_MIN_LENGTH = 8
import { PASSWORD_MAX_LENGTH } from '@frogbotai/protocol'

export { PASSWORD_MAX_LENGTH }

const KEY_BYTES = 32
const SALT_BYTES = 16
/** Upper bounds for parameters read back from the database, so a bad row cannot stall the server. */
const LIMITS: ScryptParams = { logN: 20, r: 32, p: 16 }
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/

function derive(password: string, salt: Buffer, { logN, r, p }: ScryptParams, keyBytes: number): Promise<Buffer> {
  const N = 2 ** logN
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r + 128 * r * p + 16 * 1024 * 1024 }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '')

/**
 * Why `password` cannot be set, or `null` when it can: at least {@link PASSWORD_MIN_LENGTH}
 * characters, at most {@link PASSWORD_MAX_LENGTH}.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `password: must be at least ${PASSWORD_MIN_LENGTH} characters`
  if (password.length > PASSWORD_MAX_LENGTH) return `password: must be at most ${PASSWORD_MAX_LENGTH} characters`
  return null
}

/**
 * Hashes a password with scrypt and a random 128-bit salt. The result carries its parameters
 * and salt, in the PHC string format: `$scrypt$ln=15,r=8,p=3$<salt>$<hash>` (base64).
 */
export async function hashPassword(password: string, params: ScryptParams = PASSWORD_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, params, KEY_BYTES)
  return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = FORMAT.exec(stored)
  if (!match) return null
  const params = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) }
  if (params.logN < 1 || params.logN > LIMITS.logN || params.r < 1 || params.r > LIMITS.r || params.p < 1 || params.p > LIMITS.p) return null
  const salt = Buffer.from(match[4], 'base64')
  const key = Buffer.from(match[5], 'base64')
  if (salt.length < 8 || key.length < 16) return null
  return { params, salt, key }
}

/**
 * Whether `password` matches `stored` (from {@link hashPassword}), compared in constant time.
 * A malformed `stored` value is `false`.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored)
  if (!parsed) return false
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length)
  return timingSafeEqual(key, parsed.key)
}

/** Whether `stored` was made with other parameters than the current ones, so it should be rehashed. */
export function needsRehash(stored: string, params: ScryptParams = PASSWORD_PARAMS): boolean {
  const parsed = parse(stored)
  return !parsed || parsed.params.logN !== params.logN || parsed.params.r !== params.r || parsed.params.p !== params.p || parsed.key.length !== KEY_BYTES
}

/** A well-formed hash that matches no password (random salt and key), for {@link verifyNothing}. */
const DUMMY = `$scrypt$ln=${PASSWORD_PARAMS.logN},r=${PASSWORD_PARAMS.r},p=${PASSWORD_PARAMS.p}$${b64(randomBytes(SALT_BYTES))}$${b64(randomBytes(KEY_BYTES))}`

/**
 * Spends the same time as checking a real password, for an unknown email or a user without a
 * password, so the response time does not tell whether the account exists. Always `false`.
 */
export async function verifyNothing(password: string): Promise<false> {
  await verifyPassword(password, DUMMY)
  return false
}
