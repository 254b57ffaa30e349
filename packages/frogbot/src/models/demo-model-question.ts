import { capitalise, joinWords, truncate } from './demo-model-text.ts'
import { firstClause } from '../text/first-clause.ts'

/** One question in the shape of the `question` tool's input (seed: "Question and answer shape"). */
export type DemoQuestion = {
  header: string
  question: string
  options: { label: string; description?: string }[]
  multiple: boolean
  custom?: false
}

// Words that end the lead-in of a choice ("should it be | in the city"); the option is what follows.
const LEAD_WORDS = new Set([
  'should', 'shall', 'would', 'could', 'can', 'will', 'might', 'must', 'do', 'does', 'did',
  'is', 'are', 'was', 'were', 'be', 'been', 'it', 'we', 'i', 'you', 'they', 'he', 'she', 'me', 'us',
  'this', 'that', 'these', 'those', 'there', 'prefer', 'like', 'want', 'choose', 'pick', 'go', 'use',
  'between', 'either', 'whether', 'which', 'what', 'where', 'when', 'who', 'why', 'how', 'about',
  'plan', 'and', 'or', 'but', 'so', 'then', 'please', 'rather', 'better', "let's", 'lets'
])
// Leading words that carry no meaning of their own in a label ("in the mountains" → "Mountains").
const LABEL_NOISE = new Set(['the', 'a', 'an', 'in', 'on', 'at', 'to', 'into', 'by', 'for', 'with', 'near', 'maybe', 'perhaps', 'just', 'some'])
const PLACE_PREPOSITIONS = /^(in|at|near|to|around)\s+(the\s+)?\S/i
const TIME_WORDS = /\b(morning|afternoon|evening|night|weekend|week|month|year|spring|summer|autumn|fall|winter|today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b/i
const QUESTION_START = /^(should|shall|would|could|can|will|do|does|is|are|which|what|where|when|who|how)\b/i
// Where the last alternative ends and the rest of the sentence begins ("Vue | for the admin").
const TRAILING_PHRASE = /(?<=\S)\s+(?=(?:for|with|because|since|so|as|during|when|if|that|this|next)\s)/i
// A clause part that starts a question ("Plan a dinner, | should we …").
const QUESTION_PART = /,\s*(?=(?:should|shall|would|could|can|will|do|does|is|are|which|what|where|when|who|how)\b)/i
// A last alternative that leaves the choice open rather than naming an option.
const OPEN_ENDINGS = new Set(['something', 'something else', 'anything', 'anything else', 'whatever', 'other', 'others'])

type RawOption = { raw: string; core: string; label: string }

const words = (text: string) => text.split(/\s+/).filter(Boolean)
const cleanEnds = (text: string) => text.replace(/^[\s"'“‘(\[]+|[\s"'”’)\].,;:!?…]+$/g, '')

function toOption(raw: string): RawOption | undefined {
  const cleaned = cleanEnds(raw)
  const parts = words(cleaned)
  const meaningful = [...parts]
  while (meaningful.length > 1 && LABEL_NOISE.has(meaningful[0].toLowerCase())) meaningful.shift()
  const label = truncate(capitalise(meaningful.join(' ')), 40)
  if (!/[\p{L}\p{N}]/u.test(label) || LABEL_NOISE.has(label.toLowerCase()) || /^(or|and)$/i.test(label)) return undefined
  let coreStart = 0
  while (coreStart < parts.length - 1 && /^(in|on|at|to|into|by|for|with|near)$/i.test(parts[coreStart])) coreStart++
  return { raw: cleaned, core: parts.slice(coreStart).join(' '), label }
}

/** The words after the last lead word of `segment`, at most `cap` of them; `stop` tells whether one was found. */
function tailAfterLead(segment: string, cap: number): { text: string; stop: boolean } {
  const parts = words(segment)
  const tail: string[] = []
  for (let index = parts.length - 1; index >= 0; index--) {
    if (LEAD_WORDS.has(parts[index].toLowerCase().replace(/[^\p{L}']/gu, ''))) {
      return { text: tail.slice(-cap).join(' '), stop: true }
    }
    tail.unshift(parts[index])
  }
  return tail.length > 4 ? { text: tail.slice(-cap).join(' '), stop: true } : { text: tail.join(' '), stop: false }
}

/** Reads "X or Y" / "X, Y or Z" from one clause; undefined when it does not name 2–4 distinct options. */
function readChoice(clause: string): RawOption[] | undefined {
  const match = /^(.*)\s+or\s+(.+)$/i.exec(clause)
  if (!match) return undefined
  const right = words(match[2].split(/,|\s[-–—]\s|—|\(/)[0].split(TRAILING_PHRASE)[0]).slice(0, 5).join(' ')
  if (/^not\b/i.test(right)) {
    return [
      { raw: 'yes', core: 'going ahead with it', label: 'Yes' },
      { raw: 'no', core: 'leaving it out', label: 'No' }
    ]
  }
  const rawOptions: string[] = []
  if (!OPEN_ENDINGS.has(cleanEnds(right).toLowerCase())) rawOptions.unshift(right)
  const cap = Math.max(1, words(right).length)
  const segments = match[1].split(',').map((segment) => segment.trim()).filter(Boolean)
  for (let index = segments.length - 1; index >= 0; index--) {
    const { text, stop } = tailAfterLead(segments[index], cap)
    if (text) rawOptions.unshift(text)
    if (stop) break
  }
  const options: RawOption[] = []
  for (const raw of rawOptions) {
    const option = toOption(raw)
    if (option && !options.some((known) => known.label.toLowerCase() === option.label.toLowerCase())) options.push(option)
  }
  return options.length >= 2 ? options.slice(0, 4) : undefined
}

function headerFor(options: RawOption[], clause: string): string {
  if (options.some((option) => TIME_WORDS.test(option.raw))) return 'Time'
  if (/\bwhere\b/i.test(clause) || options.some((option) => PLACE_PREPOSITIONS.test(option.raw))) return 'Place'
  if (options[0].label === 'Yes') return 'Decision'
  return 'Choice'
}

/**
 * The options an "X, Y or Z" phrase of `userText` names (2 to 4 labels, first clause that has
 * one), or `[]`.
 */
export function listedOptions(userText: string): string[] {
  for (const clause of userText.split(/[.?!;:\n]+/)) {
    const options = readChoice(clause.trim())
    if (options && options[0].label !== 'Yes') return options.map((option) => option.label)
  }
  return []
}

/**
 * Builds the one question the demo model asks about `userText`: the options come from an "X or Y"
 * (or "X, Y or Z") phrase in it, and without one from two generic ways to approach the request.
 */
export function draftQuestion(userText: string): DemoQuestion {
  for (const clause of userText.split(/[.?!;:\n]+/)) {
    const trimmed = clause.trim()
    const options = readChoice(trimmed)
    if (!options) continue
    const labels = options.map((option) => option.label)
    const asked = trimmed.split(QUESTION_PART).findLast((part) => QUESTION_START.test(part.trim()))?.trim()
    const question = asked
      ? `${capitalise(truncate(asked, 200))}?`
      : `Which do you prefer: ${joinWords(labels, 'or')}?`
    return {
      header: headerFor(options, trimmed),
      question,
      options: options.map((option) =>
        option.label === 'Yes' || option.label === 'No'
          ? { label: option.label, description: `Plan on ${option.core}.` }
          : { label: option.label, description: `Build the plan around ${option.core}.` }
      ),
      multiple: false,
      // A yes-or-no decision has no third answer to type.
      ...(labels[0] === 'Yes' ? { custom: false as const } : {})
    }
  }
  return {
    header: 'Approach',
    question: `How far should the plan for ${describeTopic(userText)} go?`,
    options: [
      { label: 'Keep it simple', description: 'A short plan with only the essential steps.' },
      { label: 'Go all in', description: 'A detailed plan that covers every step and the extras.' }
    ],
    multiple: false
  }
}

const REQUEST_LEAD =
  /^(please\s+)?((can|could|would|will)\s+you\s+)?(please\s+)?(help\s+me\s+|i\s+want\s+to\s+|i\s+need\s+to\s+|i'd\s+like\s+to\s+|let's\s+|let\s+us\s+)?(plan|organi[sz]e|prepare|design|build|make|create|write|draft|arrange|book|set\s+up)\s+/i
// "Ask me a few questions about | a team offsite"
const ASK_LEAD = /^(please\s+)?ask\s+me\s+(a\s+few\s+|some\s+|several\s+|three\s+|more\s+)?questions?\s+(about|on|for|to\s+plan)\s+/i

/** A short noun phrase for what the user asked about ("Plan a team offsite: …" → "a team offsite"). */
export function describeTopic(userText: string): string {
  const clause = firstClause(userText.replace(/^[\s:.?!;]+/, ''))
  const first = clause.split(QUESTION_PART)[0].trim().replace(ASK_LEAD, '')
  if (!first || QUESTION_START.test(first)) return 'your request'
  const stripped = first.replace(REQUEST_LEAD, '')
  const topic = stripped === first ? first : stripped.charAt(0).toLowerCase() + stripped.slice(1)
  const limited = words(topic).slice(0, 12).join(' ')
  return limited ? cleanEnds(limited) || 'your request' : 'your request'
}
