/** The four levels of a client library's logger. */
export type LoggerLevel = 'debug' | 'info' | 'warn' | 'error'

/** Where each level's lines go: a level left out is dropped. */
export type LoggerSinks = Partial<Record<LoggerLevel, (line: string) => void>>

/**
 * A logger for a platform's client library, in the shape most of them take (`debug`, `info`,
 * `warn` and `error`, each of any arguments; `setLevel`, `getLevel` and `setName` for those that
 * ask for them, as `@slack/logger`'s): each call of a level in `sinks` is handed on as one line
 * (its arguments as text, space-separated); the other levels are dropped, for a client whose
 * retries and chatter are not worth FrogBot's log (Slack's Web API client: its errors only;
 * Octokit's: its warnings only). `getLevel` answers what `setLevel` set last, at first `level`.
 */
export function leveledLogger<Level>(sinks: LoggerSinks, level: Level) {
  let current = level
  const at = (name: LoggerLevel) => (...messages: unknown[]) => sinks[name]?.(messages.map(String).join(' '))
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    setLevel: (next: Level) => void (current = next),
    getLevel: (): Level => current,
    setName: (_name: string) => {}
  }
}
