import type { createClient as CreateClient, createCluster as CreateCluster } from '@redis/client'

/**
 * A client of the `@redis/client` package. On a Redis Cluster the connection's commands get the
 * cluster client instead, whose key commands (`get`, `set`, `xAdd`, `multi`, …) are the same and
 * go to the shard that holds their key.
 */
export type RedisClient = ReturnType<typeof CreateClient>

type RedisClusterClient = ReturnType<typeof CreateCluster>

/** Where a URL points, without its user name and password, for messages; `(not a URL)` when it does not parse. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`
  } catch {
    return '(not a URL)'
  }
}

/**
 * Logs the connection problems of the Redis at `where` once per outage: the first `failed(error)`
 * logs a line with the error's message, later ones stay quiet until `recovered()` logs that it works
 * again. After `quiet()` (the streams are closed) failures are no longer logged.
 */
export function outageLog(where: string, log: (line: string) => void) {
  let failing = false
  let quiet = false
  return {
    failed(error: unknown) {
      if (failing || quiet) return
      failing = true
      log(`frogbot: live streams through Redis at ${where} failed (chunks are dropped until it is back; chats are not affected): ${error instanceof Error ? error.message : String(error)}`)
    },
    recovered() {
      if (failing) log(`frogbot: live streams through Redis at ${where} work again`)
      failing = false
    },
    quiet() {
      quiet = true
    }
  }
}

/**
 * One process's connection to the Redis of the live streams (see `redisLiveStreams`).
 * - `send(command)`: runs `command` with the client if Redis is up and resolves `true`; resolves
 *   `false` (the problem logged once per outage) when it fails or Redis is away, and `false` at
 *   once after `close()`. Commands sent before the first connection settled wait for it, in order.
 * - `ready()`: the client while it is connected and the connection open, else `null`.
 * - `firstConnection`: settles once the first connection was made or failed, or after `connectTimeoutMs`.
 * - `reader(key)`: a new client of its own (for blocking reads), connected to the server that
 *   holds `key` (on a cluster, the shard of its slot); the caller destroys it. Rejects when it
 *   cannot connect.
 * - `cluster`: whether the server turned out to be a Redis Cluster (known after `firstConnection`).
 * - `report(error)`: logs a problem met outside `send` (once per outage).
 * - `close()`: waits for the commands sent, then disconnects; `closed` tells whether it is done.
 */
export type RedisConnection = {
  send: (command: (client: RedisClient) => Promise<unknown>) => Promise<boolean>
  ready: () => RedisClient | null
  firstConnection: Promise<void>
  reader: (key: string) => Promise<RedisClient>
  readonly cluster: boolean
  report: (error: unknown) => void
  readonly closed: boolean
  close: () => Promise<void>
}

/** The user name and password a Redis URL carries, if any. */
function credentialsOf(url: string): { username?: string; password?: string } {
  const parsed = new URL(url)
  return {
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {})
  }
}

/**
 * Whether the Redis at `url` runs in cluster mode (`INFO cluster` says `cluster_enabled:1`); `false`
 * when it cannot be asked, so a server that is down at start-up is taken as a single one.
 */
async function isCluster(createClient: typeof CreateClient, url: string, connectTimeoutMs: number): Promise<boolean> {
  const probe = createClient({ url, socket: { connectTimeout: connectTimeoutMs, reconnectStrategy: false } })
  probe.on('error', () => {})
  try {
    await probe.connect()
    return /cluster_enabled:1/.test(await probe.info('cluster'))
  } catch {
    return false
  } finally {
    if (probe.isOpen) probe.destroy()
  }
}

/**
 * Connects to the Redis at `url` at once: a single server, or, when `url` names a node of a Redis
 * Cluster (or Valkey in cluster mode; `cluster` forces either), the whole cluster, discovered from
 * that node. The `@redis/client` package is loaded here, not when `frogbot` is imported: apps
 * without Redis never load it. Commands fail at once while Redis is away (no offline queue in
 * memory); it reconnects with a backoff of 100 ms doubling to 5 s.
 */
export function redisConnection({ url, connectTimeoutMs, log, cluster: forced }: { url: string; connectTimeoutMs: number; log: (line: string) => void; cluster?: boolean }): RedisConnection {
  const outage = outageLog(describeUrl(url), log)
  const report = (error: unknown) => outage.failed(error)
  let client: RedisClient | undefined
  let clustered: RedisClusterClient | undefined
  let closed = false
  const socket = { connectTimeout: connectTimeoutMs, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5000) }
  const loaded = import('@redis/client').then(async ({ createClient, createCluster }) => {
    if (forced ?? (await isCluster(createClient, url, connectTimeoutMs))) {
      // Every node's connection is made from `defaults` plus the node's address: the URL's
      // credentials and TLS go there, never its host (that would send every command to one node).
      clustered = createCluster({ rootNodes: [{ url }], defaults: { ...credentialsOf(url), disableOfflineQueue: true, socket: { ...socket, ...(url.startsWith('rediss:') ? { tls: true as const } : {}) } } })
      client = clustered as unknown as RedisClient
    } else {
      client = createClient({ url, disableOfflineQueue: true, socket })
    }
    client.on('error', report)
    client.on('ready', () => outage.recovered())
    return client
  })
  // Commands sent before the first connection wait for it, at most connectTimeoutMs.
  const connecting = loaded.then(async (created) => void (await created.connect())).catch(report)
  let started = false
  const firstConnection = Promise.race([connecting, new Promise((resolve) => setTimeout(resolve, connectTimeoutMs).unref())]).then(() => {
    started = true
  })
  const inFlight = new Set<Promise<unknown>>()
  const run = (command: (client: RedisClient) => Promise<unknown>) => {
    if (closed) return Promise.resolve(false)
    if (!client?.isReady) return Promise.reject(new Error('not connected'))
    return command(client)
  }
  return {
    send(command) {
      if (closed) return Promise.resolve(false)
      // Before the first connection settles, commands queue on it in the order they were sent.
      const sent = (started ? run(command) : firstConnection.then(() => run(command))).then(
        () => true,
        (error) => (report(error), false)
      )
      inFlight.add(sent)
      sent.finally(() => inFlight.delete(sent))
      return sent
    },
    ready: () => (!closed && client?.isReady ? client : null),
    firstConnection,
    async reader(key) {
      if (!client) throw new Error('not connected')
      const reader = (clustered ? (await clustered.getNodeClientForKey(key)).duplicate() : client.duplicate()) as RedisClient
      reader.on('error', () => {})
      await reader.connect()
      return reader
    },
    get cluster() {
      return clustered !== undefined
    },
    report,
    get closed() {
      return closed
    },
    async close() {
      await Promise.allSettled([...inFlight])
      closed = true
      outage.quiet()
      // Once the package is loaded the client exists (it is created as the package arrives).
      await loaded.catch(() => {})
      if (!client) return
      if (client.isReady) await client.close().catch(() => {})
      else client.destroy()
    }
  }
}

/**
 * Connects to the Redis at `url` once with a fresh client and pings it; rejects with a message
 * naming `REDIS_URL` and where it points (no password) when it cannot (for start-up).
 */
export async function checkRedis(url: string, connectTimeoutMs: number): Promise<void> {
  const { createClient } = await import('@redis/client')
  const probe = createClient({ url, socket: { connectTimeout: connectTimeoutMs, reconnectStrategy: false } })
  probe.on('error', () => {})
  try {
    await probe.connect()
    await probe.ping()
  } catch (error) {
    throw new Error(`REDIS_URL: cannot reach Redis at ${describeUrl(url)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  } finally {
    if (probe.isOpen) probe.destroy()
  }
}
