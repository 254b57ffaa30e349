import { cutIndex } from '../text/clip-text.ts'

/**
 * Small, pure text helpers the demo model uses to read prompts and shape its replies.
 * Everything here is deterministic: the same input always gives the same output.
 */

/** Number of words (runs of letters or digits) in `text`; the demo model counts these as tokens. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0
}

/**
 * Splits `text` into groups of `wordsPerChunk` words, keeping every character, so that joining the
 * chunks gives back `text` exactly.
 */
export function splitIntoWordGroups(text: string, wordsPerChunk = 3): string[] {
  const words = text.split(/(?<=\s)(?=\S)/)
  const chunks: string[] = []
  for (let index = 0; index < words.length; index += wordsPerChunk) {
    chunks.push(words.slice(index, index + wordsPerChunk).join(''))
  }
  return chunks.filter((chunk) => chunk.length > 0)
}

/** Splits `text` into slices of at most `size` characters; joining them gives back `text`. */
export function splitIntoSlices(text: string, size = 32): string[] {
  const slices: string[] = []
  for (let index = 0; index < text.length; index += size) slices.push(text.slice(index, index + size))
  return slices
}

/** 32-bit FNV-1a hash of `text` as 8 hex digits; stable across runs and platforms. */
export function hashText(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/** `text` with its first letter in upper case. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * `text` with its first letter in upper case when its first word is a plain word in lower case
 * ("plan a trip" → "Plan a trip"); an identifier, a file name, a version or a word with capitals
 * inside stays as written (`my_var_name`, `file_a.txt`, `v1.2.3`, `iPhone`).
 */
export function capitaliseProse(text: string): string {
  const first = text.split(/\s/, 1)[0].replace(/[,;:!?]+$/, '')
  return /^\p{Ll}+(?:['’-]\p{Ll}+)*$/u.test(first) ? capitalise(text) : text
}


/** `text` with its spaces collapsed, cut to at most `max` characters, ending in `…` when it was cut, never inside a character. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  return clean.length <= max ? clean : `${clean.slice(0, cutIndex(clean, max - 1)).trimEnd()}…`
}

/** Joins items as prose: `A`, `A and B`, `A, B and C`. */
export function joinWords(items: string[], conjunction = 'and'): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`
}
