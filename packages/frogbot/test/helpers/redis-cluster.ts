import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { promisify } from 'node:util'
import { tempDir } from '../../src/testing/temp-dir.ts'

const run = promisify(execFile)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Whether `port` can be listened on at 127.0.0.1 now. */
function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** Three ports whose cluster bus ports (port + 10000) are free too, away from 6379. */
async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = []
  while (ports.length < count) {
    const port = 21000 + Math.floor(Math.random() * 9000)
    if (!ports.includes(port) && (await free(port)) && (await free(port + 10_000))) ports.push(port)
  }
  return ports
}

const cli = (port: number, ...args: string[]) => run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { timeout: 10_000 }).then(({ stdout }) => stdout.trim())

/** A Redis Cluster of three masters on 127.0.0.1 that a test started (see {@link startRedisCluster}). */
export type RedisCluster = {
  /** `redis://127.0.0.1:<port>` of the first node: any node of a cluster leads to all of them. */
  url: string
  ports: number[]
  /** The port of the master that holds `key`'s slot. */
  portOf: (key: string) => Promise<number>
  /** Stops the node on `port` at once (no save: its keys are gone), starts it again, and waits until the cluster is whole. */
  restart: (port: number) => Promise<void>
  stop: () => Promise<void>
}

/**
 * Starts three `redis-server --cluster-enabled yes` processes on free local ports (never 6379),
 * joins them with `redis-cli --cluster create` (three masters, no replicas) and waits until every
 * node reports `cluster_state:ok`. Nothing is saved to disk but each node's cluster configuration.
 */
export async function startRedisCluster(): Promise<RedisCluster> {
  const folder = tempDir()
  const ports = await freePorts(3)
  const nodes = new Map<number, ChildProcess>()
  const startNode = async (port: number) => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', '2000', '--dir', folder.dir, '--save', '', '--appendonly', 'no', '--logfile', `redis-${port}.log`],
      { stdio: 'ignore' }
    )
    nodes.set(port, child)
    for (let tries = 0; tries < 100; tries++) {
      if ((await cli(port, 'ping').catch(() => '')) === 'PONG') return
      await sleep(50)
    }
    throw new Error(`redis-server on port ${port} did not start`)
  }
  const whole = async () => {
    for (let tries = 0; tries < 200; tries++) {
      const states = await Promise.all(ports.map((port) => cli(port, 'cluster', 'info').catch(() => '')))
      // Every node says the cluster is whole and knows every master with its slots (gossip converged).
      const views = await Promise.all(ports.map((port) => cli(port, 'cluster', 'nodes').catch(() => '')))
      const masters = (view: string) => view.split('\n').filter((line) => line.includes('master') && !line.includes('fail') && line.split(' ').length > 8).length
      if (states.every((info) => info.includes('cluster_state:ok')) && views.every((view) => masters(view) === ports.length)) return
      await sleep(100)
    }
    throw new Error('the Redis Cluster did not become whole')
  }
  const stopNode = async (port: number) => {
    const child = nodes.get(port)
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
  }
  const stop = async () => {
    await Promise.all(ports.map(stopNode))
    folder.remove()
  }
  try {
    await Promise.all(ports.map(startNode))
    await run('redis-cli', ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes'], { timeout: 30_000 })
    await whole()
  } catch (error) {
    await stop()
    throw error
  }
  return {
    url: `redis://127.0.0.1:${ports[0]}`,
    ports,
    async portOf(key) {
      const slot = Number(await cli(ports[0], 'cluster', 'keyslot', key))
      // `cluster nodes`: id, ip:port@bus, flags, master, ping, pong, epoch, link, then slot ranges.
      for (const line of (await cli(ports[0], 'cluster', 'nodes')).split('\n')) {
        const fields = line.split(' ')
        const holds = fields.slice(8).some((range) => {
          const [from, to = from] = range.split('-').map(Number)
          return slot >= from && slot <= to
        })
        if (holds) return Number(fields[1].split('@')[0].split(':')[1])
      }
      throw new Error(`no master holds the slot of ${key}`)
    },
    async restart(port) {
      await stopNode(port)
      await startNode(port)
      await whole()
    },
    stop
  }
}

/** Whether `redis-server` and `redis-cli` are installed (the cluster suites need both). */
export const redisServerInstalled = await run('redis-server', ['--version']).then(
  () => true,
  () => false
)
