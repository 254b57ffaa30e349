import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { createApiToken, hashToken, listApiTokens } from '../auth/api-tokens.ts'
import { ConfigError } from '../errors/frogbot-error.ts'
import { ensureUser } from '../auth/users.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { deleteUserSessions } from '../auth/sessions.ts'
import { randomId } from '../ids/random-id.ts'
import type { Database } from '../store/database-schema.ts'

/** The user `frogbot serve` sets up on a fresh database so the walkthrough works at once. */
export const DEMO_EMAIL = 'demo@frogbot.local'

/** The name of the API token made with the demo user on a fresh database. */
const FIRST_START_TOKEN = 'first start'

/** How long a server that lost the first-start race waits for the winner's token, in milliseconds. */
const RACED_TOKEN_WAIT_MS = 3_000

/** A random demo password: 72 bits in base64url (12 characters). */
function newDemoPassword(): string {
  return randomBytes(9).toString('base64url')
}

/**
 * Creates the demo user, with `password` (hashed) when given, in one statement that inserts it
 * only while the database has no user at all, and only once (the email is unique): of several
 * servers starting together on a fresh database, exactly one gets its id back; the others get
 * `null`. The password is part of that insert, so the password printed is always the stored one.
 */
async function createDemoUserIfNoUsers(
  db: Kysely<Database>,
  password: string | null
): Promise<{ id: string } | null> {
  const row = {
    id: randomId('user'),
    email: DEMO_EMAIL,
    name: 'Demo user',
    password_hash: password === null ? null : await hashPassword(password),
    created_at: new Date().toISOString()
  }
  const inserted = await db
    .insertInto('frogbot_users')
    .columns(['id', 'email', 'name', 'password_hash', 'created_at'])
    .expression(
      db
        .selectNoFrom([
          sql<string>`${row.id}`.as('id'),
          sql<string>`${row.email}`.as('email'),
          sql<string>`${row.name}`.as('name'),
          sql<string | null>`${row.password_hash}`.as('password_hash'),
          sql<string>`${row.created_at}`.as('created_at')
        ])
        .where((eb) => eb.not(eb.exists(eb.selectFrom('frogbot_users').select('id'))))
    )
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted ?? null
}

/**
 * How a newcomer gets an API token when `frogbot serve` starts:
 * - `FROGBOT_TOKEN` set → it is registered (hashed) as a token of the demo user. Other values
 *   registered the same way stay valid, so several processes on one database, each started with
 *   its own value, never lock each other out; `id` is the value's token id and `others` lists
 *   the other values' prefixes and ids. To rotate a leaked value, start with a new one, then
 *   `npx frogbot tokens revoke <id>` the old one: a revoked value stays refused, also at start-up
 *   (docs/auth/overview.md);
 * - a database without users → the demo user (with a new password outside production, `password`)
 *   and a new token are created, and the token (and its id) and the password are returned once, to
 *   print. The user is made by one insert-if-absent, so of several servers starting together on a
 *   fresh database exactly one creates it; the others get `kind: 'raced'` (with the id of the token
 *   the first one printed) and print neither a token nor a password, never one that does not work;
 * - otherwise nothing is created.
 */
export async function prepareDemoAccess(db: Kysely<Database>, env: NodeJS.ProcessEnv) {
  const given = env.FROGBOT_TOKEN?.trim()
  if (given) {
    checkGivenToken(given)
    const user = await ensureUser(db, { email: DEMO_EMAIL, name: 'Demo user' })
    await createApiToken(db, { userId: user.id, name: 'FROGBOT_TOKEN', token: given })
    // The value may already be stored: for another user, or revoked. Say what it really is.
    const stored = await db
      .selectFrom('frogbot_api_tokens as t')
      .innerJoin('frogbot_users as u', 'u.id', 't.user_id')
      .select(['u.email', 't.revoked_at', 't.prefix', 't.id'])
      .where('t.token_hash', '=', hashToken(given))
      .executeTakeFirstOrThrow()
    if (stored.revoked_at) throw new Error(`FROGBOT_TOKEN (${stored.prefix}…) was revoked on ${stored.revoked_at}; choose a new value`)
    const others = await db
      .selectFrom('frogbot_api_tokens')
      .select(['id', 'prefix'])
      .where('user_id', '=', user.id)
      .where('name', '=', 'FROGBOT_TOKEN')
      .where('token_hash', '!=', hashToken(given))
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .execute()
    return { kind: 'env' as const, email: stored.email, prefix: stored.prefix, id: stored.id, others }
  }
  const anyUser = await db.selectFrom('frogbot_users').select('id').limit(1).executeTakeFirst()
  if (!anyUser) {
    const password = env.NODE_ENV === 'production' ? null : newDemoPassword()
    const created = await createDemoUserIfNoUsers(db, password)
    if (created) {
      const { token, id } = await createApiToken(db, { userId: created.id, name: FIRST_START_TOKEN })
      return { kind: 'created' as const, email: DEMO_EMAIL, token, id, password }
    }
    // Another server, started at the same time on this database, created the first user between
    // the look and the insert: it printed the token and the password, this one has neither.
    const raced = await db
      .selectFrom('frogbot_users')
      .select('id')
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirst()
    if (raced) {
      // The winner stores its token right after the user (its first token, or FROGBOT_TOKEN's
      // value): wait for it a little, so that the line says which one it was.
      const winnersTokens = () =>
        db
          .selectFrom('frogbot_api_tokens')
          .select(['id', 'name'])
          .where('user_id', '=', raced.id)
          .where('name', 'in', [FIRST_START_TOKEN, 'FROGBOT_TOKEN'])
          .orderBy('created_at')
          .execute()
      let tokens = await winnersTokens()
      for (let waited = 0; tokens.length === 0 && waited < RACED_TOKEN_WAIT_MS; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        tokens = await winnersTokens()
      }
      const first = tokens.find((token) => token.name === FIRST_START_TOKEN)
      // No first token: the winner was started with FROGBOT_TOKEN, and created no token to print.
      const given = first ? undefined : tokens.find((token) => token.name === 'FROGBOT_TOKEN')
      const tokenId = first?.id ?? null
      return { kind: 'raced' as const, email: DEMO_EMAIL, tokenId, givenTokenId: given?.id ?? null }
    }
  }
  const demo = await db.selectFrom('frogbot_users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst()
  const tokens = demo ? (await listApiTokens(db, demo.id)).filter((token) => !token.revoked_at) : []
  return { kind: 'existing' as const, email: demo ? DEMO_EMAIL : null, prefixes: tokens.map((token) => token.prefix) }
}

/**
 * The line `frogbot serve` prints about the API token when another server starting at the same
 * time on a fresh database created the demo user ({@link prepareDemoAccess} `kind: 'raced'`): that
 * server created the first API token and printed it (with its id), or, started with FROGBOT_TOKEN,
 * registered that value and created no token (with the value's id). `command` shows a CLI command.
 */
export function racedTokenLine(
  access: { email: string; tokenId: string | null; givenTokenId: string | null },
  command: (args: string) => string
): string {
  const create =
    `Create a token with \`${command(`tokens create --email ${access.email}`)}\`, ` +
    'or start with FROGBOT_TOKEN=<token>'
  if (access.tokenId) {
    return (
      `API token: the demo user ${access.email} and its first API token (id ${access.tokenId}) ` +
      'were created by another server starting at the same time on this database; ' +
      `that server printed the token. ${create}`
    )
  }
  const given = access.givenTokenId ? ` (id ${access.givenTokenId})` : ''
  return (
    `API token: the demo user ${access.email} was created by another server starting at the same ` +
    `time on this database, started with FROGBOT_TOKEN${given}; no token was created: ` +
    `use that server's FROGBOT_TOKEN value. ${create}`
  )
}

/**
 * A Bearer token as `Authorization: Bearer <token>` carries it (RFC 6750 §2.1 `b64token`): letters,
 * digits, `- . _ ~ + /`, then `=` only at the end. A value with a space or a character outside
 * these could never be sent, so every request with it would be refused.
 */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/

/** What is wrong with a value that is not a {@link BEARER_TOKEN}, without showing the value (a secret). */
function offendingCharacter(value: string): string {
  const bad = [...value].find((character, index, all) => !/[A-Za-z0-9\-._~+/]/.test(character) && !(character === '=' && all.slice(index).every((rest) => rest === '=')))
  if (bad === undefined) return 'nothing but "="'
  if (/\s/.test(bad)) return 'a space'
  if (bad.codePointAt(0)! > 0x7e) return 'a character outside ASCII'
  if (bad.codePointAt(0)! < 0x20 || bad === '\x7f') return 'a control character'
  if (bad === '=') return 'an "=" before its end'
  return `"${bad}"`
}

/**
 * Throws a `ConfigError` when `FROGBOT_TOKEN` is set but could never work: shorter than 16
 * characters, or not a Bearer token (RFC 6750 `b64token`: letters, digits, `- . _ ~ + /`, and `=`
 * only at the end), such as a value with a space or a letter outside ASCII. Spaces around the
 * value are ignored, as they are when it is registered.
 */
export function checkGivenToken(value: string | undefined) {
  const given = value?.trim()
  if (given === undefined || given === '') return
  if (given.length < 16) throw new ConfigError(['FROGBOT_TOKEN: must be at least 16 characters (for example: openssl rand -hex 24)'])
  if (!BEARER_TOKEN.test(given)) {
    throw new ConfigError([
      `FROGBOT_TOKEN: must be a Bearer token (RFC 6750): only letters A–Z a–z, digits and - . _ ~ + /, with = only at the end; it holds ${offendingCharacter(given)} (for example: openssl rand -hex 24)`
    ])
  }
}

/**
 * How a newcomer signs in to the admin chat as the demo user: when the demo user has no password
 * yet (a demo user made for `FROGBOT_TOKEN`, or by a start in production), it gets a random one,
 * returned once to print; `password: null` when it already has one; `null` when there is no demo
 * user. The password is set only where none is stored, in the same statement, so of several servers
 * starting together exactly one sets (and prints) it; the others answer `setByAnother: true`.
 * Outside production only (`NODE_ENV`): a deployment's logs never carry a password.
 */
export async function prepareDemoSignIn(
  db: Kysely<Database>,
  env: NodeJS.ProcessEnv
): Promise<{ email: string; password: string | null; setByAnother?: boolean } | null> {
  const demo = await db.selectFrom('frogbot_users').select(['id', 'password_hash']).where('email', '=', DEMO_EMAIL).executeTakeFirst()
  if (!demo) return null
  if (demo.password_hash || env.NODE_ENV === 'production') return { email: DEMO_EMAIL, password: null }
  const password = newDemoPassword()
  const hash = await hashPassword(password)
  const set = await db
    .updateTable('frogbot_users')
    .set({ password_hash: hash })
    .where('id', '=', demo.id)
    .where('password_hash', 'is', null)
    .executeTakeFirst()
  if (Number(set.numUpdatedRows) === 0) return { email: DEMO_EMAIL, password: null, setByAnother: true }
  await deleteUserSessions(db, demo.id)
  return { email: DEMO_EMAIL, password }
}

/**
 * What `frogbot serve` prints about signing in on its start: the API token ({@link prepareDemoAccess})
 * and the admin chat's password ({@link prepareDemoSignIn}). On a fresh database the password is
 * made with the demo user, by this server or, when another server starting at the same time made
 * the user, by that one (`setByAnother`, outside production).
 */
export async function prepareFirstStart(db: Kysely<Database>, env: NodeJS.ProcessEnv) {
  const access = await prepareDemoAccess(db, env)
  const signIn =
    access.kind === 'created'
      ? { email: access.email, password: access.password, setByAnother: false }
      : access.kind === 'raced'
        ? { email: access.email, password: null, setByAnother: env.NODE_ENV !== 'production' }
        : await prepareDemoSignIn(db, env)
  return { access, signIn }
}
