/**
 * A piece's setting as given (its option, else its environment variable), or `undefined` when it
 * is unset, empty or nothing but whitespace: a blank secret, token or id is a missing one, so the
 * piece's `ConfigError` names its variable as for an unset one, and it is never used as a
 * credential. A value with any other character is returned unchanged (not trimmed).
 */
export function givenSetting(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value
}
