/**
 * The option keys `buildConfig` knows at each place of its options. A key it does not know is a
 * problem naming its path and the nearest known key ("agents[0].acess: unknown option; did you
 * mean access?"), never silently ignored: a misspelt `access` would leave an agent on the default
 * rule, and an AI SDK option FrogBot does not take would look like a guarantee it does not give.
 */
export const KNOWN_KEYS = {
  root: ['agents', 'tools', 'ai', 'db', 'secret', 'serverURL', 'auth', 'http', 'files', 'onAwaitingInput', 'liveStreams', 'telemetry', 'notify', 'mcp'],
  agent: ['slug', 'model', 'instructions', 'tools', 'inheritTools', 'stopWhen', 'access', 'profile', 'channels', 'questions', 'mcp'],
  profile: ['name', 'avatar', 'description'],
  serverTool: ['slug', 'description', 'inputSchema', 'outputSchema', 'component', 'execute', 'needsApproval', 'approval'],
  // `execute`, `needsApproval` and `approval` are known on a client tool so that its own check, not
  // this one, says why they are not allowed there.
  clientTool: ['slug', 'description', 'inputSchema', 'outputSchema', 'component', 'client', 'execute', 'needsApproval', 'approval'],
  client: ['kind', 'access', 'validate', 'expiresIn', 'assignees'],
  approval: ['access', 'expiresIn', 'quorum', 'assignees'],
  questions: ['assignees'],
  quorum: ['count'],
  ai: ['providers', 'models'],
  providers: ['openai', 'anthropic', 'google', 'openaiCompatible'],
  provider: ['apiKey', 'baseURL'],
  auth: ['authenticate', 'sessionMaxAge', 'clientAddress', 'loginRateLimit', 'tokenGuessLimit'],
  limit: ['failures', 'windowSeconds'],
  http: ['maxBodyBytes'],
  files: ['download'],
  download: ['hosts', 'allowPrivateAddresses', 'maxBytes', 'timeoutMs'],
  telemetry: ['enabled', 'recordContent'],
  notify: ['email', 'webhook', 'remind', 'escalate', 'linkTtl', 'pieces'],
  notifyEmail: ['from'],
  notifyWebhook: ['url', 'secret'],
  notifyEscalate: ['after', 'to'],
  mcp: ['enabled', 'agent', 'waitSeconds', 'stateSeconds', 'channel'],
  mcpServer: ['url', 'headers', 'needsApproval']
} as const satisfies Record<string, readonly string[]>

/** Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`, ignoring case. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  const rows = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1)
    }
  }
  return rows[x.length][y.length]
}

/** The known key nearest to `key` when it is a likely misspelling (at most a third of its letters off, at least 2), else `null`. */
export function nearestKey(key: string, known: readonly string[]): string | null {
  let best: { name: string; edits: number } | null = null
  for (const name of known) {
    const edits = distance(key, name)
    if (!best || edits < best.edits) best = { name, edits }
  }
  return best && best.edits <= Math.max(2, Math.floor(key.length / 3)) ? best.name : null
}

/**
 * Problems for the keys of `value` (an options object at `path`) that are not in `known`, each
 * `path.key: unknown option; did you mean …?` or, with nothing near, the known keys listed.
 * Nothing for a value that is not a plain object (its own check says what it must be).
 */
export function unknownKeyProblems(value: unknown, known: readonly string[], path: string): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return []
  const at = (key: string) => (path ? `${path}.${key}` : key)
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .map((key) => {
      const near = nearestKey(key, known)
      return near ? `${at(key)}: unknown option; did you mean ${near}?` : `${at(key)}: unknown option; the options here are ${known.join(', ')}`
    })
}
