import { z } from 'zod'
import { BLANK_RULE, EMAIL_CHARACTERS_RULE, invisibleCharacterIn, isBlankText } from './text-rules.ts'
import { typedTextProblem, WELL_FORMED_RULE } from './text-rules.ts'
import { boundedText, maxUtf16Units } from './text-length.ts'

/** Longest password accepted, in UTF-16 code units (docs/auth/overview.md). */
export const PASSWORD_MAX_LENGTH = 1024

/** Longest dismissal `reason`, in characters (docs/chat/client-tools.md); longer is `400 invalid-output` naming `reason`. */
export const REASON_MAX_LENGTH = 1000

/** The rule of a dismissal's or a decision's `reason` that is not text: `400` naming `reason`, every door. */
export const REASON_TYPE_RULE = 'must be a string'

/**
 * Longest chat title, in UTF-16 code units (`String.length`, as a browser's `maxlength` counts:
 * an emoji is 2), docs/project/guarantees.md, Limits.
 */
export const TITLE_MAX_LENGTH = 80

/** The rule of a title over {@link TITLE_MAX_LENGTH}: `400` naming `title`. */
const TITLE_LENGTH_RULE =
  `must be at most ${TITLE_MAX_LENGTH} characters (UTF-16 code units: an emoji counts 2)`

/**
 * A message's text (`prompt`, an edit's `text`): trimmed, and not blank ({@link BLANK_RULE}): empty,
 * or only white space, zero-width, other default-ignorable or control characters (`isBlankText`).
 */
const visibleText = z.string().trim().min(1, BLANK_RULE).refine((text) => !isBlankText(text), BLANK_RULE)

/**
 * Body of `POST /api/agents/:slug` (docs/http/overview.md): `{ prompt }` or `{ messages }` (AI SDK UI messages),
 * optional `chatId`. The fields `useChat`'s default transport adds (`id`, `trigger`, `messageId`)
 * are accepted; `id` is taken as the chat id when `chatId` is absent, and must be it when both are
 * given.
 */
export const RunRequest = z
  .strictObject({
    prompt: visibleText.optional(),
    messages: z
      .array(
        z.looseObject({
          id: z.string().optional(),
          role: z.enum(['system', 'user', 'assistant']),
          parts: z.array(z.looseObject({ type: z.string() }))
        })
      )
      .min(1, 'must hold at least one message')
      .optional(),
    chatId: z.string().optional(),
    id: z.string().optional(),
    trigger: z.enum(['submit-message', 'regenerate-message']).optional(),
    messageId: z.string().optional()
  })
  .refine((body) => (body.prompt === undefined) !== (body.messages === undefined), {
    message: 'send exactly one of "prompt" or "messages"',
    path: ['prompt']
  })
  .refine((body) => body.chatId === undefined || body.id === undefined || body.chatId === body.id, {
    message: 'names another chat than "chatId": send one of them, or the same chat id in both',
    path: ['id']
  })
export type RunRequest = z.output<typeof RunRequest>

/**
 * Body of `POST /api/agents/:slug/chats/:chatId/settle` (seed: "Answer over HTTP"):
 * `{ toolCallId, output }` or `{ toolCallId, dismissed: true, reason? }` for a client tool's call;
 * `{ toolCallId, approved: true, input?, reason? }` or `{ toolCallId, approved: false, reason? }`
 * for a call waiting for approval (docs/agents/approvals.md; `input` is an edited tool input).
 * `reason`: a string ({@link REASON_TYPE_RULE}) without NUL, well-formed Unicode; the settle door
 * refuses one over {@link REASON_MAX_LENGTH} characters as `invalid-output`, as for every door.
 */
export const SettleRequest = z
  .strictObject({
    toolCallId: z.string().min(1, 'must not be empty'),
    output: z.unknown().optional(),
    dismissed: z.literal(true).optional(),
    approved: z.boolean().optional(),
    input: z.unknown().optional(),
    reason: z
      .string({ error: REASON_TYPE_RULE })
      .superRefine((reason, context) => {
        const broken = typedTextProblem(reason)
        if (broken) context.addIssue({ code: 'custom', message: broken })
      })
      .optional()
  })
  .refine((body) => [body.output !== undefined, body.dismissed === true, body.approved !== undefined].filter(Boolean).length === 1, {
    message: 'send exactly one of "output", "dismissed": true or "approved"',
    path: []
  })
  .refine((body) => body.reason === undefined || body.dismissed === true || body.approved !== undefined, {
    message: 'only allowed with "dismissed": true or "approved"',
    path: ['reason']
  })
  .refine((body) => body.input === undefined || body.approved === true, { message: 'only allowed with "approved": true (an edited tool input)', path: ['input'] })
export type SettleRequest = z.output<typeof SettleRequest>

/** Body of `POST …/chats/:chatId/branch`: copy up to this assistant message, or the whole chat. */
export const BranchRequest = z.strictObject({ messageId: z.string().min(1, 'must not be empty').optional() })

/**
 * Body of `PUT …/chats/:chatId/messages/:messageId` (edit a stored user message; the turn runs again
 * from there) and of `PATCH` on the same path (edit a queued message): the new text.
 */
export const EditRequest = z.strictObject({ text: visibleText })

/**
 * Body of `PATCH /api/agents/:slug/chats/:chatId` (rename a chat): the new title, 1 to 80
 * characters once trimmed, counted in UTF-16 code units ({@link TITLE_MAX_LENGTH}).
 */
export const RenameRequest = z.strictObject({
  title: maxUtf16Units(
    z
      .string()
      .refine((title) => title.isWellFormed(), WELL_FORMED_RULE)
      .trim()
      .min(1, 'must not be empty or blank'),
    TITLE_MAX_LENGTH,
    TITLE_LENGTH_RULE
  )
})

const LIMIT_RULE = 'must be a whole number from 1 to 100'

/** A page's size in a query (`limit`): 1–100 in plain digits (not `0x14`, `2e1` or `+20`), default 20. */
export const PageLimit = z
  .string()
  .regex(/^\d{1,3}$/, LIMIT_RULE)
  .transform(Number)
  .pipe(z.number().min(1, LIMIT_RULE).max(100, LIMIT_RULE))
  .default(20)
  .describe('page size, 1 to 100 (default 20)')

/** Query of the chat lists: page size (1–100, default 20) and the `nextCursor` of the previous page. */
export const ChatListQuery = z.strictObject({
  limit: PageLimit,
  cursor: z.string().refine(isChatCursor, 'not a cursor: pass the nextCursor of the previous page').optional()
})

/**
 * Whether `cursor` is a chat list's `nextCursor` as FrogBot writes it: `<updatedAt>|<chat id>`, the
 * instant exactly as `Date#toISOString` writes a real one (`2026-02-30T…` or `…T99:00…` is none).
 */
function isChatCursor(cursor: string): boolean {
  const instant = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|[\w-]+$/.exec(cursor)?.[1]
  return instant !== undefined && !Number.isNaN(Date.parse(instant)) && new Date(instant).toISOString() === instant
}

/**
 * Body of `POST …/stop`: nothing (an empty body or `{}`: stop whatever runs or waits when the server
 * reads the chat), or the `messageId` of the assistant message whose run or waiting calls the
 * client means to stop: when that message's turn is no longer the one running or waiting, the Stop
 * stops nothing (docs/chat/turns.md, Stop).
 */
export const StopRequest = z.strictObject({ messageId: z.string().min(1, 'must not be empty').optional() })

/**
 * Body of a `DELETE` (a chat, a queued message, a card's draft): nothing (an empty body or `{}`);
 * a field is refused naming it, never ignored.
 */
export const EmptyRequest = z.strictObject({})

/** Longest email accepted at sign-in, in UTF-16 code units (docs/project/guarantees.md, Limits). */
export const EMAIL_MAX_LENGTH = 320

/** The rule of an email without the shape of one: `400` naming `email`, `--email` in the CLI. */
export const EMAIL_SHAPE_RULE = 'is not an email address (a name, "@" and a domain, without white space)'

/**
 * The rule of an email holding white space other than the spaces (U+0020) around it, which are
 * ignored: a tab, a line break, a no-break space, a line or paragraph separator… anywhere in it.
 */
export const EMAIL_SPACE_RULE =
  'must not contain white space other than spaces around it (a tab, a line break, a no-break space, U+2028…)'

/** A C0 or C1 control character (a tab, a line feed, U+0085 too), which no email holds. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/** `char` as `U+0009`, or `null` when there is none. */
function codePointOf(char: string | undefined): string | null {
  return char === undefined ? null : `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
}

/** An email's shape, once trimmed: one `@` between a name and a domain, neither holding white space. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/

/**
 * Why `email` is not an email FrogBot takes, or `null`: the one rule of an email, at sign-in
 * (`POST /api/auth/login`, {@link LoginRequest}) and wherever a user is made (`frogbot users create`,
 * `ensureUser`), so that no user is made whom sign-in would refuse. In order: no NUL, well-formed
 * Unicode ({@link typedTextProblem}); no control or invisible character anywhere, a tab or a line
 * break too ({@link EMAIL_CHARACTERS_RULE}, naming it: `…; U+001B is one`); no white space but the
 * spaces around it ({@link EMAIL_SPACE_RULE}: a no-break space, U+2028…, named); then, as it is
 * stored (the spaces around it trimmed, lower case), not empty, at most {@link EMAIL_MAX_LENGTH}
 * UTF-16 code units, and the shape of an email ({@link EMAIL_SHAPE_RULE}). The email itself is
 * never echoed.
 */
export function emailProblem(email: string): string | null {
  const broken = typedTextProblem(email)
  if (broken) return broken
  const hidden = invisibleCharacterIn(email) ?? codePointOf([...email].find((char) => CONTROL.test(char)))
  if (hidden) return `${EMAIL_CHARACTERS_RULE}; ${hidden} is one`
  const space = codePointOf([...email].find((char) => char !== ' ' && /\s/u.test(char)))
  if (space) return `${EMAIL_SPACE_RULE}; ${space} is one`
  // Only spaces (U+0020) are left around it: a pasted email's spaces are no part of it.
  const stored = email.replace(/^ +| +$/g, '').toLowerCase()
  if (stored === '') return 'must not be empty'
  if (stored.length > EMAIL_MAX_LENGTH) return `is too long (at most ${EMAIL_MAX_LENGTH} characters)`
  return EMAIL_SHAPE.test(stored) ? null : EMAIL_SHAPE_RULE
}

/**
 * Body of `POST /api/auth/login`: an email of at most {@link EMAIL_MAX_LENGTH} and a password of
 * at most {@link PASSWORD_MAX_LENGTH} characters, in UTF-16 code units (an emoji counts 2); the email
 * held to the one rule of an email ({@link emailProblem}). A body that breaks one is `400` naming the
 * field, before the sign-in limits are counted: it is no sign-in attempt (docs/http/errors.md).
 */
export const LoginRequest = z.strictObject({
  email: boundedText(EMAIL_MAX_LENGTH).superRefine((email, context) => {
    // Past the length, `boundedText` has said why already.
    const problem = email.length > EMAIL_MAX_LENGTH ? null : emailProblem(email)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  }),
  password: boundedText(PASSWORD_MAX_LENGTH)
})
