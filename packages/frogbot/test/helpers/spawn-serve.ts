import { readAnswer } from '../../src/testing/read-answer.ts'
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The monorepo root, the pinned Node 24 binary, the `frogbot` bin script and the example config. */
export const REPO = fileURLToPath(new URL('../../../../', import.meta.url))
export const NODE = join(REPO, 'node_modules/.bin/node')
export const FROGBOT_BIN = join(REPO, 'packages/frogbot/bin/frogbot.mjs')
export const PLANNER_CONFIG = join(REPO, 'examples/planner/frogbot.config.ts')

/** Every bounded wait of these helpers stays under this. */
export const WAIT_MS = 20_000

const MODEL_KEYS = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'OPENAI_COMPATIBLE_BASE_URL', 'OPENAI_COMPATIBLE_API_KEY', 'OPENAI_COMPATIBLE_MODEL']

/** Variables of the caller's shell that would change what the CLI does (database, port, token, ...). */
const FROGBOT_VARS = [
  'FROGBOT_TOKEN',
  'FROGBOT_PASSWORD',
  'FROGBOT_LEASE_MS',
  'FROGBOT_PUBLIC_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'PORT',
  'HOST'
]

/** A platform's variables (the planner example starts a piece when its credentials are set): every one the caller's shell has. */
const PLATFORM_VAR = /^(SLACK|TEAMS|GITHUB|DISCORD|TELEGRAM|LINEAR)_/

/** A copy of `process.env` without model keys, FROGBOT_VARS and platform variables, plus `extra`. */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const key of [...MODEL_KEYS, ...FROGBOT_VARS]) delete env[key]
  for (const key of Object.keys(env)) if (PLATFORM_VAR.test(key)) delete env[key]
  return { ...env, ...extra }
}

/** A fresh temporary folder (real path, so it matches the child's `process.cwd()`). */
export function tempCwd() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'frogbot-cli-')))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * Temporary folders for one test file: `folder()` makes one, `removeAll()` (for afterAll, after
 * the processes in them stopped) removes every one made.
 */
export function tempFolders() {
  const made: { remove: () => void }[] = []
  return {
    folder: () => {
      const temp = tempCwd()
      made.push(temp)
      return temp.dir
    },
    removeAll: () => {
      for (const temp of made.splice(0)) temp.remove()
    }
  }
}

/** Runs `frogbot ...args` to completion in `cwd`; killed (and rejected) after WAIT_MS. */
export function runCli(args: string[], { cwd, env = cliEnv() }: { cwd: string; env?: NodeJS.ProcessEnv }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = execFile(NODE, [FROGBOT_BIN, ...args], { cwd, env, encoding: 'utf8', timeout: WAIT_MS, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(new Error(`frogbot ${args.join(' ')}: ${error.message}\n${stdout}\n${stderr}`))
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr })
    })
    child.stdin?.end() // no terminal, nothing typed: a command that would prompt sees end of input
  })
}

export type ServeProcess = {
  child: ChildProcess
  port: number
  /** `http://127.0.0.1:PORT` */
  base: string
  stdout: () => string
  stderr: () => string
  /** SIGTERM, then wait for the exit (SIGKILL after WAIT_MS/2). Resolves with the exit code and signal. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const running = new Set<ChildProcess>()

function exited(child: ChildProcess, ms: number) {
  return new Promise<boolean>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true)
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

async function terminate(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM')
    if (!(await exited(child, WAIT_MS / 2))) {
      child.kill('SIGKILL')
      await exited(child, WAIT_MS / 2)
    }
  }
  running.delete(child)
  return { code: child.exitCode, signal: child.signalCode as NodeJS.Signals | null }
}

/** Kills every process started by {@link startServe} that is still running. For afterEach/afterAll. */
export async function stopAllServes() {
  await Promise.all([...running].map(terminate))
}

/**
 * Spawns `frogbot serve --port 0 --host 127.0.0.1 --config <config>` in `cwd` and resolves once it
 * prints its `listening on http://localhost:PORT` line. Rejects (after killing it) when the process
 * exits first or the line does not come within WAIT_MS.
 */
export async function startServe({ cwd, env = cliEnv(), config = PLANNER_CONFIG }: { cwd: string; env?: NodeJS.ProcessEnv; config?: string }): Promise<ServeProcess> {
  const child = spawn(NODE, [FROGBOT_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--config', config], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const port = await new Promise<number>((resolve, reject) => {
    const fail = (why: string) => {
      cleanup()
      terminate(child).finally(() => reject(new Error(`frogbot serve ${why}\n--- stdout\n${out}\n--- stderr\n${err}`)))
    }
    const onData = () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(out)
      if (match) {
        cleanup()
        resolve(Number(match[1]))
      }
    }
    const onExit = (code: number | null, signal: string | null) => fail(`exited (code ${code}, signal ${signal}) before listening`)
    const timer = setTimeout(() => fail(`printed no listening line within ${WAIT_MS} ms`), WAIT_MS)
    const cleanup = () => {
      clearTimeout(timer)
      child.stdout!.off('data', onData)
      child.off('exit', onExit)
    }
    child.stdout!.on('data', onData)
    child.once('exit', onExit)
  })
  return { child, port, base: `http://127.0.0.1:${port}`, stdout: () => out, stderr: () => err, stop: () => terminate(child) }
}

/** A JSON HTTP call with a bearer token (optional), bounded by WAIT_MS. */
export async function callJson(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const response = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(WAIT_MS) })
  const { status, json } = await readAnswer(response)
  return { status, json }
}

/** The `frogbot: ...` start-up lines of a serve output (the "Try it" block excluded). */
export function frogbotLines(stdout: string) {
  return stdout.split('\n').filter((line) => line.startsWith('frogbot: '))
}
