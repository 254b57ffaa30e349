import type { Kysely } from 'kysely'
import type { Credential, Caller, User } from '../contract/caller.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { Database } from '../store/database-schema.ts'
import type { DatabaseAdapter } from '../store/database-adapter.ts'
import type { AuthOptions } from './auth-options.ts'
import { authenticate } from './authenticate.ts'
import { LOGIN_LIMIT, loginSucceeded, reserveLoginAttempt } from './login-rate-limit.ts'
import { DEFAULT_SESSION_MAX_AGE, createSession, deleteSession, verifySession } from './sessions.ts'
import { TOKEN_GUESS_LIMIT, tokenGuessLimiter } from './token-guess-limit.ts'
import { deleteUserWithChats } from './delete-user.ts'
import { activeTokensMatching, createApiToken, listApiTokens, revokeApiToken } from './api-tokens.ts'
import { type UserListing, checkPassword, ensureUser, findUserByEmail, findUserById, listUsers, setPassword } from './users.ts'

/**
 * FrogBot's sign-in, as one service over the database (docs/auth/overview.md, "Who can do
 * what"): made once per instance by `createFrogbot` and handed to HTTP and the CLI, which never
 * see the database themselves.
 * - `callerOf(request, { serverURL, address })`: who sent an HTTP request (see `authenticate`;
 *   wrong bearer tokens are throttled per `address` by the instance's one limiter);
 * - `signIn({ email, password, address, replacing })`: a new session (`token`, `expiresAt`, made at `signedInAt`) for
 *   the user, ending the session token it replaces (the browser's previous cookie), if any;
 *   throws `too-many-requests` (with `retryAfter`, seconds) past `options.loginRateLimit` and
 *   `invalid-credentials` for a wrong email or password;
 * - `session(token)`: the user and credential a session token signs in, or `null`;
 *   `endSession(token)`: signs it out;
 * - `userByEmail`, `userById`: a FrogBot user, or `null`.
 * - Managing users and API tokens (the CLI's `frogbot users` and `frogbot tokens`): `listUsers`,
 *   `ensureUser` (the user with `email`, created without a password if new; throws for an email
 *   that is not one), `setPassword` (signs the user out everywhere; throws for a password out of
 *   bounds), `deleteUser` (by email, with their chats, tokens and sessions in one transaction: how many
 *   chats went, or `null` for no such user; throws `turn-in-progress` while one of their chats runs a turn),
 *   `createToken` (the token itself, shown once; only its hash is stored), `listTokens` (newest
 *   first, never the values), `activeTokens` (not revoked, by id, prefix or the token's value) and `revokeToken` (by id).
 * `adapter` is the database's (its write transactions); `now` is the instance's clock; `newId` makes row ids.
 */
export type Auth = {
  readonly options: AuthOptions
  /** How long a sign-in lasts, in seconds (`options.sessionMaxAge`, default 7 days). */
  readonly sessionMaxAge: number
  callerOf: (request: Request, where: { serverURL?: string; address?: string | null }) => Promise<Caller>
  signIn: (attempt: { email: string; password: string; address: string | null; replacing?: string | null }) => Promise<{ user: User; token: string; expiresAt: Date; signedInAt: Date }>
  session: (token: string) => Promise<{ user: User; credential: Credential; expiresAt: string } | null>
  endSession: (token: string) => Promise<void>
  userByEmail: (email: string) => Promise<User | null>
  userById: (id: string) => Promise<User | null>
  listUsers: () => Promise<UserListing[]>
  ensureUser: (user: { email: string; name?: string | null }) => Promise<User>
  setPassword: (userId: string, password: string) => Promise<void>
  deleteUser: (email: string) => Promise<{ chats: number } | null>
  createToken: (token: { userId: string; name: string }) => ReturnType<typeof createApiToken>
  listTokens: (userId: string) => ReturnType<typeof listApiTokens>
  activeTokens: (idPrefixOrToken: string) => Promise<{ id: string; name: string }[]>
  revokeToken: (id: string) => Promise<void>
}

/** The {@link Auth} of one FrogBot instance, over `db`, with the config's `auth` options. */
export function createAuth({ db, adapter, options = {}, now = () => new Date(), newId }: { db: Kysely<Database>; adapter: DatabaseAdapter; options?: AuthOptions; now?: () => Date; newId: (prefix: string) => string }): Auth {
  const tokenGuesses = tokenGuessLimiter(db, { limit: { ...TOKEN_GUESS_LIMIT, ...options.tokenGuessLimit }, now, newId })
  const loginLimit = { ...LOGIN_LIMIT, ...options.loginRateLimit }
  const sessionMaxAge = options.sessionMaxAge ?? DEFAULT_SESSION_MAX_AGE
  return {
    options,
    sessionMaxAge,
    callerOf: (request, { serverURL, address = null }) => authenticate(db, request, options, { now: now(), serverURL, address, tokenGuesses }),
    signIn: async ({ email, password, address, replacing = null }) => {
      const attempt = await reserveLoginAttempt(db, { email, address, now: now(), newId, limit: loginLimit })
      if (!attempt.ok) {
        const minutes = Math.ceil(attempt.retryAfterSeconds / 60)
        throw new FrogbotError('too-many-requests', `Too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { retryAfter: attempt.retryAfterSeconds })
      }
      const user = await checkPassword(db, email, password)
      if (!user) throw new FrogbotError('invalid-credentials', 'Wrong email or password.')
      await loginSucceeded(db, attempt.reservation)
      if (replacing) await deleteSession(db, replacing)
      const signedInAt = now()
      const session = await createSession(db, { userId: user.id, now: signedInAt, maxAgeSeconds: sessionMaxAge })
      return { user, token: session.token, expiresAt: session.expiresAt, signedInAt }
    },
    session: (token) => verifySession(db, token, now()),
    endSession: (token) => deleteSession(db, token),
    userByEmail: (email) => findUserByEmail(db, email),
    userById: (id) => findUserById(db, id),
    listUsers: () => listUsers(db),
    ensureUser: (user) => ensureUser(db, user),
    setPassword: (userId, password) => setPassword(db, userId, password),
    deleteUser: (email) => deleteUserWithChats(db, adapter, email, now().toISOString()),
    createToken: (token) => createApiToken(db, token),
    listTokens: (userId) => listApiTokens(db, userId),
    activeTokens: (given) => activeTokensMatching(db, given),
    revokeToken: (id) => revokeApiToken(db, id, now())
  }
}
