import fc from 'fast-check'

// Generators of hostile input shared by the fuzz suites: strings and JSON values a client (or a
// model) may send, from plausible to absurd.

/** How many generated cases a fuzz property runs: FROGBOT_FUZZ_RUNS (10000 for the long run), default 2000. */
export const FUZZ_RUNS = Math.max(1, Number(process.env.FROGBOT_FUZZ_RUNS) || 2000)

/** Strings that break naive code: empty, blank, NUL, lone surrogates, RTL marks, SQL, paths, huge. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\udfff\ud800',
      '\u202e\u2066',
      "'; drop table frogbot_chats; --",
      '../../etc/passwd',
      '%00',
      '__proto__',
      'constructor',
      '{"a":',
      'null',
      '1e309',
      '\r\n\r\nHTTP/1.1 200 OK'
    )
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 300_000 }).map((length) => 'x'.repeat(length)) }
)

/** A JSON value nested `depth` levels deep, in objects or arrays. */
export const deepValue = (depth: number, inArray: boolean): unknown => {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level++) value = inArray ? [value] : { a: value }
  return value
}

/** JSON-compatible values of every shape, plus deep nesting around the 64-level limit and big strings. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 60, max: 400 }), fc.boolean()).map(([depth, inArray]) => deepValue(depth, inArray)) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -0, 1.5e308, -1, Number.MAX_SAFE_INTEGER + 2, [], {}, [[]], { '': '' }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }) }
)

/**
 * An object built from `valid` that a schema may or may not accept: as it is, with a field
 * dropped, with a field's value replaced by a hostile value, or with an unknown field added.
 */
export function mutated(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(valid, fc.nat(), fc.constantFrom('keep', 'keep', 'keep', 'drop', 'replace', 'add'), hostileJson, nastyString).map(([object, pick, how, value, key]) => {
    const keys = Object.keys(object)
    const chosen = keys[pick % Math.max(1, keys.length)]
    if (how === 'keep' || (chosen === undefined && how !== 'add')) return object
    const copy: Record<string, unknown> = { ...object }
    if (how === 'drop') delete copy[chosen]
    if (how === 'replace') copy[chosen] = value
    if (how === 'add') copy[key || 'extra'] = value
    return copy
  })
}

/** What a request body may be: a (mutated) object serialized as JSON, any JSON value, or raw bytes and text. */
export function hostileBody(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string | Uint8Array<ArrayBuffer> | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: mutated(valid).map((object) => JSON.stringify(object)) },
    { weight: 2, arbitrary: hostileJson.map((value) => JSON.stringify(value) ?? 'undefined') },
    { weight: 1, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
    { weight: 1, arbitrary: valid.chain((object) => fc.nat({ max: JSON.stringify(object).length }).map((cut) => JSON.stringify(object).slice(0, cut))) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    // Just over the default 1 MiB limit, valid JSON otherwise.
    { weight: 1, arbitrary: fc.constant(JSON.stringify({ prompt: 'y'.repeat(1024 * 1024) })) }
  )
}

/** An id in a path or body: the real one (most often), or a hostile one. */
export function idOr(real: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(real) },
    { weight: 1, arbitrary: nastyString.filter((value) => value.length < 5000) },
    { weight: 1, arbitrary: fc.constantFrom(`${real}x`, real.toUpperCase(), real.slice(0, -1), `${real}\u0000`) }
  )
}
