import { createConnection } from 'node:net'

/** The Redis the tests use: `REDIS_URL`, default the project machines' server. */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Whether Redis answers at {@link REDIS_URL}; checked once per test file. In CI it must. */
export const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL)
  const socket = createConnection({ host: hostname, port: Number(port || 6379) })
  socket.setTimeout(1000, () => (socket.destroy(), resolve(false)))
  socket.once('connect', () => (socket.end(), resolve(true)))
  socket.once('error', () => resolve(false))
})
if (!redisReachable && process.env.CI) throw new Error(`Redis is not reachable at ${REDIS_URL}; .ci/run starts it. The Redis suites are never skipped in CI.`)
if (!redisReachable) console.warn(`Redis is not reachable at ${REDIS_URL}: skipping the Redis suites.`)
