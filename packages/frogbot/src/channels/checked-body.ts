import { type JsonObject, jsonObject } from './json-object.ts'

/** A rule of a platform's payload: whether a body's JSON object keeps it, and the problem of breaking it. */
export type BodyRule = readonly [keeps: (body: Record<string, any>) => boolean, problem: string]

/**
 * The JSON object a verified webhook body holds (`value`), or why it is not the platform's payload
 * (`problem`, the sentence of its `400`, the kit's `badRequest`): `Refused: the body is not
 * JSON.`, `Refused: the body is not a JSON object (<what>).`, or `Refused: <problem>.` of the
 * first of `rules` it breaks, in their order. For a piece that checks the fields of its payload
 * by hand, as a table of rules (Microsoft Teams' activities).
 */
export function checkedBody(
  body: string,
  what: string,
  rules: readonly BodyRule[]
): { value: JsonObject } | { problem: string } {
  const value = jsonObject(body)
  if (value === 'not JSON') return { problem: 'Refused: the body is not JSON.' }
  if (typeof value === 'string') return { problem: `Refused: the body is ${value} (${what}).` }
  const broken = rules.find(([keeps]) => !keeps(value))
  return broken ? { problem: `Refused: ${broken[1]}.` } : { value }
}
