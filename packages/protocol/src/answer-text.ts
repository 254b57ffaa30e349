/**
 * Longest text a person types into an answer, in characters (UTF-16 code units, as a browser's
 * `maxLength` counts them): a question's `custom` answer and every string of a client tool's output
 * but the ones its call's input offered (an option's label, a file's name: the model wrote those)
 * (docs/project/guarantees.md, Limits). Longer is refused with `400 invalid-output` naming the field; the
 * chat UI's fields stop there.
 */
export const ANSWER_TEXT_MAX_LENGTH = 4000

/** A length as people read it: `4,000`. */
const count = (length: number) => length.toLocaleString('en-US')

/** What a refusal of text `length` characters long says, past `max`: `is 4,512 characters; … at most 4,000`. */
export function tooLongText(length: number, max: number, what = 'typed text in an answer'): string {
  return `is ${count(length)} characters; ${what} holds at most ${count(max)}`
}

/** Every string in `value` (objects and arrays, walked at most `maxDepth` levels deep). */
export function stringsIn(value: unknown, maxDepth = 64): Set<string> {
  const found = new Set<string>()
  const walk = (node: unknown, depth: number) => {
    if (typeof node === 'string') found.add(node)
    else if (node !== null && typeof node === 'object' && depth < maxDepth) for (const child of Object.values(node)) walk(child, depth + 1)
  }
  walk(value, 0)
  return found
}

/**
 * The first string in `value` (an answer's output: objects and arrays, walked in order) longer
 * than `max` that is not one of `offered` (the strings of the call's input, which the model wrote:
 * an option picked is not typed), with its path (`['answers', 0, 'custom']`), or `null`. Walks at
 * most `maxDepth` levels, below which nothing is looked at (request bodies nest 64 levels at most).
 */
export function overlongText(value: unknown, { max = ANSWER_TEXT_MAX_LENGTH, offered = new Set<string>(), maxDepth = 64 }: { max?: number; offered?: ReadonlySet<string>; maxDepth?: number } = {}): { path: (string | number)[]; length: number } | null {
  const walk = (node: unknown, path: (string | number)[]): { path: (string | number)[]; length: number } | null => {
    if (typeof node === 'string') return node.length > max && !offered.has(node) ? { path, length: node.length } : null
    if (node === null || typeof node !== 'object' || path.length >= maxDepth) return null
    const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((item, index) => [index, item]) : Object.entries(node)
    for (const [key, child] of entries) {
      const found = walk(child, [...path, key])
      if (found) return found
    }
    return null
  }
  return walk(value, [])
}
