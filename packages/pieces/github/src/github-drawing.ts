import { type ChannelState, type ChatSdkSetup, factsMarkdown, type Mention, messageNoticeDue, type NameOf, noticeText, questionDrawing, wholeText } from 'frogbot/channels'
import type { GitHubAdapter } from '@chat-adapter/github'
import { COMMENT_BUDGET, commentParts, escapeLine, escapeText, neutraliseMarkdown } from './github-markdown.ts'
import { questionComment, settledComment } from './question-comments.ts'

/**
 * A question comment's id in card records: `<comment id>:<question index>` (the comment is one of
 * those drawing question `index`). Comment ids are unique within a thread's kind of comments, and
 * a thread is either an issue's (or pull request's) conversation or one review thread.
 */
export const commentRef = (commentId: string, question: number) => `${commentId}:${question}`

function parseRef(ref: string): { commentId: string; question: number } {
  const at = ref.lastIndexOf(':')
  return { commentId: ref.slice(0, at), question: Number(ref.slice(at + 1)) }
}

/**
 * How often one commenter is told, in one thread, that their comments wait for the question or
 * the reply, or that the agent does not talk with them (ms): on GitHub a notice is a comment
 * everyone sees, people discuss a question before they answer it, and on a public repository
 * anyone joins the discussion. A refused command is always told.
 */
export const DISCUSSION_NOTICE_EVERY_MS = 30 * 60_000

/** What a comment that carried the rest of a question says once the question ended. */
const SETTLED_ABOVE = '_(This question is settled; see the comment above.)_'

/**
 * How FrogBot draws in GitHub (the piece's half of the contract), as comments through Chat SDK's
 * adapter (question cards on the kit's `questionDrawing`):
 * - `drawCall`: one comment per question (see `questionComment`), cut into several with
 *   "(continued)" when longer than a comment holds; if GitHub refuses one, those already posted
 *   are deleted, so that the rescan that draws the call again draws it whole, once;
 * - `drawSettled`: each question's comments edited to what became of it (see `settledComment`);
 * - `reply`: the agent's reply once it is whole (GitHub has no streaming), its mentions and
 *   references neutralised, in as many comments as it takes;
 * - `notify`: a reply that mentions the participant (GitHub has no private message), the model's
 *   and the participant's words in it escaped; that their ordinary comments wait, or are not for
 *   this agent, is told once in {@link DISCUSSION_NOTICE_EVERY_MS} per commenter and thread
 *   (the kit's `messageNoticeDue`: across servers, in `state`).
 */
export function githubDrawing({ adapter, nameOf, mention, state }: { adapter: GitHubAdapter; nameOf: NameOf; mention: Mention; state: Pick<ChannelState, 'setIfNotExists'> }): ChatSdkSetup['drawing'] {
  const post = async (thread: string, body: string) => (await adapter.postMessage(thread, { raw: body })).id

  const questionCards = questionDrawing({
    nameOf,
    draw: async ({ thread, questions, facts }) => {
      const posted: string[] = []
      try {
        for (const [index] of questions.entries()) {
          for (const part of commentParts(questionComment(questions, index) + (index === questions.length - 1 ? factsMarkdown(facts, escapeLine) : ''))) posted.push(commentRef(await post(thread, part), index))
        }
      } catch (error) {
        await Promise.allSettled(posted.map((ref) => adapter.deleteMessage(thread, parseRef(ref).commentId)))
        throw error
      }
      return posted
    },
    drawSettled: async ({ card, questions, settlement }) => {
      const refs = card.messageIds.map(parseRef)
      for (const [index] of questions.entries()) {
        const comments = refs.filter((ref) => ref.question === index).map((ref) => ref.commentId)
        if (comments.length === 0) continue
        const parts = commentParts(settledComment({ questions, index, settlement, nameOf }))
        const bodies = comments.map((_, at) => parts[at] ?? SETTLED_ABOVE)
        // Only a long typed answer makes a settled question longer than the one asked: what does not fit its comments ends the last one.
        if (parts.length > comments.length) bodies[comments.length - 1] = parts.slice(comments.length - 1).join('\n\n').slice(0, COMMENT_BUDGET)
        for (const [at, commentId] of comments.entries()) await adapter.editMessage(card.thread, commentId, { raw: bodies[at] })
      }
    }
  })

  return {
    ...questionCards,
    reply: async ({ thread, text }) => {
      const whole = await wholeText(text)
      if (whole) for (const part of commentParts(neutraliseMarkdown(whole))) await post(thread, part)
    },
    notify: async ({ thread, participant, notice }) => {
      if (!(await messageNoticeDue({ state, piece: 'github', thread, participant, notice, everyMs: DISCUSSION_NOTICE_EVERY_MS }))) return
      // A settled notice holds the kit's words and a login; every other one may hold the model's or the participant's.
      const said = notice.kind === 'settled' ? noticeText(notice, nameOf) : escapeText(noticeText(notice))
      await post(thread, `${mention(participant)} ${said}`)
    }
  }
}
