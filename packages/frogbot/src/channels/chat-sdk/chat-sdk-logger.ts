import type { Logger } from 'chat'

const detail = (arg: unknown) =>
  arg instanceof Error ? arg.message : typeof arg === 'object' ? JSON.stringify(arg, (_key, value) => (value instanceof Error ? value.message : value)) : String(arg)

/**
 * Chat SDK's `Logger` onto a piece's log (`log` takes lines without FrogBot's prefix): warnings
 * and errors only, each as one line (`warning: …`, `error: …`); a child logger names its part
 * first. Chat SDK's debug and info lines (adapters print keys and payloads there) are dropped.
 */
export function chatSdkLogger(log: (line: string) => void, prefix = ''): Logger {
  const line = (level: string, message: string, args: unknown[]) => log(`${prefix}${level}: ${[message, ...args.map(detail)].join(' ')}`)
  return {
    child: (child) => chatSdkLogger(log, `${prefix}${child}: `),
    debug: () => {},
    info: () => {},
    warn: (message, ...args) => line('warning', message, args),
    error: (message, ...args) => line('error', message, args)
  }
}
