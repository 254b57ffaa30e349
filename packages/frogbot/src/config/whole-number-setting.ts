/** The rule of a {@link wholeNumberSetting}: its range, how a refusal states it, whether blank is unset. */
export type WholeNumberRule = { min: number; max?: number; rule: string; blank?: 'unset' | 'refused' }

/**
 * How every whole-number setting is read (`PORT` and `--port`, `FROGBOT_LEASE_MS`,
 * `FROGBOT_REQUEST_TIMEOUT_MS`): white space around the value is ignored, and a blank value
 * counts as unset (`undefined`, the default applies; an option given on the command line must
 * not be blank). Otherwise the value must be decimal digits only (`/^\d+$/`: no sign, no `0x`,
 * no exponent `1e3`, no decimal point) and lie between `min` and `max`. Anything else throws an
 * `Error` naming the setting, the value and the rule: `<name>: "<value>" <rule>`.
 */
export function wholeNumberSetting(
  name: string,
  value: string | undefined,
  { min, max = Number.MAX_SAFE_INTEGER, rule, blank = 'unset' }: WholeNumberRule
): number | undefined {
  if (value === undefined) return undefined
  const written = value.trim()
  if (written === '' && blank === 'unset') return undefined
  const number = /^\d+$/.test(written) ? Number(written) : Number.NaN
  if (!(number >= min && number <= max)) throw new Error(`${name}: ${JSON.stringify(value)} ${rule}`)
  return number
}
