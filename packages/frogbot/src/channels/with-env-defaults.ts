/** Environment variables by name. */
type EnvValues = Record<string, string>

/**
 * What `make` returns, made with the environment variables of `defaults` set for the making only
 * (removed again once it returned or threw), for a client library that reads a setting from the
 * environment once, when made, and takes it no other way (the Teams SDK's log level,
 * `LOG_LEVEL`). Where whoever runs FrogBot set any variable of `defaults` or of `unless` (the
 * library's other switches for the same setting), `make` runs as it is: their choice stands.
 */
export function withEnvDefaults<T>(defaults: EnvValues, make: () => T, unless: string[] = []): T {
  const names = Object.keys(defaults)
  if ([...names, ...unless].some((name) => process.env[name] !== undefined)) return make()
  Object.assign(process.env, defaults)
  try {
    return make()
  } finally {
    for (const name of names) delete process.env[name]
  }
}
