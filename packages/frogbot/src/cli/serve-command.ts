import { serve } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, resolve } from 'node:path'
import { createFrogbot } from '../frogbot.ts'
import { internalsOf } from '../frogbot-internals.ts'
import { answerClientErrors } from './client-errors.ts'
import { cliCommand } from './cli-command.ts'
import { checkGivenToken, prepareFirstStart, racedTokenLine } from './demo-access.ts'
import { loadConfig } from './load-config.ts'
import { wholeNumberSetting } from '../config/whole-number-setting.ts'
import { stopSignal } from './stop-signal.ts'

function tryCommands(base: string, slug: string, token: string) {
  return [
    `  curl -s ${base}/api/agents/${slug} -H "Authorization: Bearer ${token}" -H "Content-Type: application/json" \\`,
    `    -d '{ "prompt": "Plan a team offsite: should it be in the city or in the mountains?" }'`,
    `  curl -s ${base}/api/agents/${slug}/chats/CHAT_ID/pending -H "Authorization: Bearer ${token}"`,
    `  curl -s ${base}/api/agents/${slug}/chats/CHAT_ID/settle -H "Authorization: Bearer ${token}" -H "Content-Type: application/json" \\`,
    `    -d '{ "toolCallId": "CALL_ID", "output": { "answers": [{ "header": "HEADER", "selected": ["LABEL"] }] } }'`
  ]
}

/**
 * `FROGBOT_LEASE_MS`: how long a running turn holds its chat without renewing it (default 30 000).
 * After a crash another server continues the chat once the lease passes; a shorter lease recovers
 * sooner but must stay well above a renewal round trip to the database.
 */
export function leaseFromEnv(value: string | undefined): number | undefined {
  return wholeNumberSetting('FROGBOT_LEASE_MS', value, { min: 100, rule: MILLISECONDS })
}

/** The rule of a duration in milliseconds, as a refusal states it. */
const MILLISECONDS = 'must be a whole number of milliseconds, at least 100, in decimal digits (such as 30000)'

/**
 * How long the server waits to receive a request, from its first byte: its headers within 15 s
 * and the whole request, body included, within 30 s (`FROGBOT_REQUEST_TIMEOUT_MS`; the headers'
 * limit is never above it), checked every second. A client that stalls (a body shorter than its
 * `Content-Length`) then gets `408` and a closed connection, where Node's defaults (300 s, checked
 * every 30 s) held it for minutes. Only receiving is limited: once the request is in, a reply
 * streams for as long as the model takes.
 */
export function serverTimeouts(value: string | undefined): { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number } {
  const requestTimeout =
    wholeNumberSetting('FROGBOT_REQUEST_TIMEOUT_MS', value, { min: 100, rule: MILLISECONDS }) ?? 30_000
  return { requestTimeout, headersTimeout: Math.min(15_000, requestTimeout), connectionsCheckingInterval: Math.min(1000, requestTimeout) }
}

/** Throws when `REDIS_URL` is set but is not a `redis://` or `rediss://` URL (an empty value means unset). */
function checkRedisUrl(value: string | undefined) {
  if (value === undefined || value === '') return
  let url: URL | null = null
  try {
    url = new URL(value)
  } catch {}
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) {
    throw new Error('REDIS_URL: must look like redis://host:6379 (or rediss:// for TLS), with the password in it if Redis has one')
  }
}

/** `GET /` leads to the admin chat; everything else goes to FrogBot's handler (`/api`, `/admin`). */
export function withRootRedirect(handler: (request: Request, env?: unknown) => Promise<Response>) {
  return (request: Request, env?: unknown) =>
    new URL(request.url).pathname === '/' && (request.method === 'GET' || request.method === 'HEAD')
      ? Promise.resolve(new Response(null, { status: 302, headers: { location: '/admin/' } }))
      : handler(request, env)
}

/** A port as `--port` and `PORT` take it. */
const PORT_RULE = {
  min: 0,
  max: 65535,
  rule: 'is not a port number (0–65535) in decimal digits, such as 3000'
}

/**
 * What is wrong with the `--port` option's value (`--port: "0x10" is not a port number …`), or
 * `null` when it is a port: checked before the command runs, so that the CLI says it in its own
 * shape (`frogbot serve: …` and the usage, docs/reference/cli.md).
 */
export function portOptionProblem(value: string): string | null {
  try {
    wholeNumberSetting('--port', value, { ...PORT_RULE, blank: 'refused' })
    return null
  } catch (error) {
    return (error as Error).message
  }
}

/**
 * `frogbot serve`: loads the config, opens and migrates the database, prints one line per start-up
 * fact (database, each agent's model, each channel piece, how to authenticate, URL, the admin
 * chat and how to sign in to it) and serves the HTTP API and the admin chat (`/` leads to
 * `/admin/`) until SIGINT or SIGTERM; it also runs the listeners of the config's pieces (one
 * process at a time holds each, see `frogbot channels:run`).
 */
export async function serveCommand(options: { port?: string; host?: string; config?: string }): Promise<number> {
  const port =
    options.port !== undefined
      ? wholeNumberSetting('--port', options.port, { ...PORT_RULE, blank: 'refused' })!
      : (wholeNumberSetting('PORT', process.env.PORT, PORT_RULE) ?? 3000)
  checkGivenToken(process.env.FROGBOT_TOKEN)
  // Only this machine by default: a demo token must not be reachable from the network by accident.
  const host = options.host ?? process.env.HOST ?? '127.0.0.1'
  const log = (line: string) => console.log(`frogbot: ${line}`)

  checkRedisUrl(process.env.REDIS_URL)
  const timeouts = serverTimeouts(process.env.FROGBOT_REQUEST_TIMEOUT_MS)
  const config = await loadConfig(options.config)
  // Component paths start at the config's folder; outside production a stale bundle is rebuilt on the fly.
  const admin = { root: dirname(resolve(options.config ?? 'frogbot.config.ts')), buildComponents: process.env.NODE_ENV !== 'production' }
  // Links in notices point at this server's port when FROGBOT_PUBLIC_URL does not say otherwise.
  const env = { ...process.env, PORT: port === 0 ? process.env.PORT : String(port) }
  const frogbot = await createFrogbot(config, { env, log: (line) => console.error(line), debug: process.env.FROGBOT_DEBUG ? (line) => console.error(line) : undefined, leaseMs: leaseFromEnv(process.env.FROGBOT_LEASE_MS), admin, listen: true })
  const { engine, store } = internalsOf(frogbot)
  // Like the database, live streams must work from the first request, not log errors on each.
  await engine.services.live.check?.().catch(async (error) => {
    await frogbot.close()
    throw error
  })
  for (const line of frogbot.describe()) log(line)
  if ([...engine.services.agents.values()].some((agent) => agent.model.demo)) {
    log('no model provider key is set (OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY or OPENAI_COMPATIBLE_BASE_URL), so aliases use the offline demo model: it follows a fixed script, it does not think')
  }

  const server = serve({ fetch: withRootRedirect(frogbot.fetch), port, hostname: host, serverOptions: timeouts })
  answerClientErrors(server as Server)
  // Listened for from the moment the server can take requests: a SIGTERM while the start-up lines
  // are still being prepared shuts down cleanly instead of killing the process mid-write.
  const stopRequested = stopSignal({ onForce: (signal) => log(`${signal} again: exiting now, without writing out running replies`) })
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('listening', () => resolve(server.address() as AddressInfo))
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} is in use; stop the other server, or choose another port with PORT=<port> (npm start) or --port <port>`) : error)
    )
  }).catch(async (error) => {
    await frogbot.close()
    throw error
  })
  const base = `http://localhost:${address.port}`
  const firstAgent = engine.services.agents.keys().next().value!

  const { access, signIn } = await prepareFirstStart(store.db, process.env).catch(async (error) => {
    server.close()
    await frogbot.close()
    throw error
  })
  if (access.kind === 'env') {
    log(`API token: FROGBOT_TOKEN is accepted for ${access.email} (id ${access.id})`)
    if (access.others.length > 0) {
      const list = access.others.map((token) => `${token.prefix}… id ${token.id}`).join(', ')
      log(`other FROGBOT_TOKEN values are accepted too (${list}); once no server uses one, retire it with \`${cliCommand(`tokens revoke <id>`)}\``)
    }
    console.log(['', 'Try it:', ...tryCommands(base, firstAgent, '$FROGBOT_TOKEN'), ''].join('\n'))
  } else if (access.kind === 'created') {
    log(`API token for ${access.email} (id ${access.id}; shown once; keep it): ${access.token}`)
    console.log(['', 'Try it:', ...tryCommands(base, firstAgent, access.token), ''].join('\n'))
  } else if (access.kind === 'raced') {
    log(racedTokenLine(access, cliCommand))
  } else if (access.email) {
    log(`API tokens: create one with \`${cliCommand(`tokens create --email ${access.email}`)}\`, or start with FROGBOT_TOKEN=<token>`)
  } else {
    // Users exist, but not the demo user: a token needs a user, so say which commands make both.
    log(`API tokens: create a user with \`${cliCommand(`users create --email you@example.com`)}\`, then a token with \`${cliCommand(`tokens create --email you@example.com`)}\` (\`${cliCommand(`users list`)}\` shows the users); or start with FROGBOT_TOKEN=<token>`)
  }
  const reach = host === '127.0.0.1' || host === 'localhost' || host === '::1' ? '; this machine only, set HOST=0.0.0.0 to accept others' : ''
  // Another server starting at the same time made the demo user (or, with FROGBOT_TOKEN, its password).
  const byAnother = access.kind === 'raced' ? 'the demo user was created' : "the demo user's password was set"
  const setOne = signIn && `\`${cliCommand(`users password --email ${signIn.email}`)}\``
  if (signIn?.setByAnother) {
    log(
      `admin chat: ${byAnother} (${signIn.email}) by another server starting at the same time on this ` +
        'database; sign in with the password that server printed ' +
        `(shown once in its output; or set one: ${setOne})`
    )
  } else if (signIn?.password) {
    const password = `the password ${signIn.password} (shown once; change it with ${setOne})`
    log(`admin chat: sign in as ${signIn.email} with ${password}`)
  }
  else if (signIn) log(`admin chat: sign in as ${signIn.email} with the password printed at its first start (or set one: \`${cliCommand(`users password --email ${signIn.email}`)}\`)`)
  else log(`admin chat: sign in with a user's email and password (\`${cliCommand(`users create --email you@example.com`)}\`)`)
  log(`admin chat: open ${base}/admin in a browser`)
  log(`listening on ${base} (agents: ${[...engine.services.agents.keys()].join(', ')}${reach})`)

  const lost = await Promise.race([stopRequested.then(() => null), frogbot.stopped])
  log(lost ? 'shutting down: the database is gone (see above)' : 'shutting down')
  await new Promise<void>((resolve) => {
    server.close(() => resolve())
    setTimeout(resolve, 3000).unref()
  })
  await frogbot.close()
  return lost ? 1 : 0
}
