import { ConfigError } from '../errors/frogbot-error.ts'

/**
 * One row of a piece's settings table, read by {@link readSettings}:
 * - `option`: the option's name in the piece's options (`createDiscord({ publicKey })`);
 * - `env`: the environment variable read when the option is left out;
 * - `rule`: the shape a given value must have, `[test, problem]`: `test` a pattern or predicate on
 *   the trimmed value, `problem(value)` the reason it is wrong, named after `<factory>.<option>: `
 *   (a secret's reason should not repeat the value);
 * - `hint`: where the value is found, the problem when it is missing (`set DISCORD_PUBLIC_KEY to …`);
 *   given, the setting is needed; left out, it may be missing;
 * - `fallback`: the value when neither the option nor the variable gives one;
 * - `list`: the option is an array, the variable comma-separated; the rule holds for each item.
 */
export type Setting = {
  readonly option: string
  readonly env?: string
  readonly rule?: readonly [RegExp | ((value: string) => boolean), (value: string) => string]
  readonly hint?: string
  readonly fallback?: string
  readonly list?: boolean
}

/** The values a table gives: a list as `string[]`, a needed or defaulted setting as `string`, others maybe `undefined`. */
export type SettingValues<T extends readonly Setting[]> = {
  [S in T[number] as S['option']]: S extends { list: true } ? string[] : S extends { hint: string } | { fallback: string } ? string : string | undefined
}

/** The options every piece takes besides its table's: `instance`, and where the defaults are read (`env`, default `process.env`). */
export type SettingOptions = { instance?: string; env?: Record<string, string | undefined> }

/** The instance-name rule (1–64 lowercase letters, digits, `-`, `_`; the last segment of `/api/webhooks/<instance>`). */
export const INSTANCE_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/

/** A `rule` of an http(s) URL, the problem's text given. */
export const httpUrl = (problem: (value: string) => string): NonNullable<Setting['rule']> => [
  (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
  problem
]

/**
 * A piece's settings from its options and the environment, read once by the kit: the option, else
 * the variable, else the fallback; trimmed, and blank counts as missing (a blank secret is never used
 * as a credential). The instance name (default `instance`) is checked here for every piece. Each
 * missing needed setting, each value breaking its rule, and each problem `check` adds (settings that
 * depend on each other) is gathered; any at all throw one `ConfigError` naming them all, each as
 * `<factory>.<option>: <reason>`, in the table's order after the instance's.
 */
export function readSettings<const T extends readonly Setting[]>(
  piece: { factory: string; instance: string },
  table: T,
  options: SettingOptions & Record<string, unknown>,
  check?: (values: SettingValues<T> & { instance: string }, problems: string[]) => void
): SettingValues<T> & { instance: string } {
  const env = options.env ?? process.env
  const instance = options.instance ?? piece.instance
  const problems: string[] = []
  if (!INSTANCE_NAME.test(instance)) problems.push(`${piece.factory}.instance: "${instance}" must be 1–64 lowercase letters, digits, "-" or "_" (the last segment of /api/webhooks/<instance>)`)
  const values: Record<string, unknown> = { instance }
  for (const setting of table) {
    const given = options[setting.option]
    const raw = given ?? (setting.env ? env[setting.env] : undefined)
    const fail = (value: string) => {
      const [test, problem] = setting.rule ?? [() => true, () => '']
      if (!(typeof test === 'function' ? test(value) : test.test(value))) problems.push(`${piece.factory}.${setting.option}: ${problem(value)}`)
    }
    if (setting.list) {
      const items = (Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : []).map((item) => item.trim()).filter(Boolean)
      items.forEach(fail)
      values[setting.option] = items
      continue
    }
    const value = givenSetting(raw === undefined ? undefined : String(raw))?.trim() ?? setting.fallback
    if (value === undefined) {
      if (setting.hint !== undefined) problems.push(`${piece.factory}.${setting.option}: ${setting.hint}`)
    } else fail(value)
    values[setting.option] = value
  }
  const read = values as SettingValues<T> & { instance: string }
  check?.(read, problems)
  if (problems.length > 0) throw new ConfigError(problems)
  return read
}

/**
 * A piece's setting as given (its option, else its environment variable), or `undefined` when it
 * is unset, empty or nothing but whitespace: a blank secret, token or id is a missing one, so the
 * piece's `ConfigError` names its variable as for an unset one, and it is never used as a
 * credential. A value with any other character is returned unchanged (not trimmed).
 */
export function givenSetting(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value
}
