import { ANSWER_TEXT_MAX_LENGTH, type QuestionInput } from '@frogbotai/protocol'

/** Text made safe inside HTML elements and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f7f7f5;--card:#fff;--text:#1c1c1a;--muted:#5c5c57;--line:#d8d8d2;--accent:#1f6f43;--accent-text:#fff;--bad:#a32020}
@media (prefers-color-scheme:dark){:root{--bg:#161715;--card:#20211f;--text:#ececea;--muted:#a9a9a3;--line:#3a3b38;--accent:#5cc48a;--accent-text:#0c1a12;--bad:#ff8a80}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:34rem;margin:3rem auto;padding:0 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.5rem}
h1{font-size:1.35rem;margin:0 0 .5rem}
p{margin:.5rem 0}
.muted{color:var(--muted);font-size:.9rem}
.choice{font-size:1.15rem;font-weight:600;margin:1rem 0}
fieldset{border:1px solid var(--line);border-radius:8px;margin:1rem 0;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}
label{display:block;padding:.25rem 0}
input[type=radio],input[type=checkbox]{width:1.1rem;height:1.1rem;margin:0 .35rem 0 0;vertical-align:-.15rem;accent-color:var(--accent)}
input[type=text]{width:100%;padding:.5rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--text);font:inherit}
button{margin-top:1rem;padding:.65rem 1.2rem;border:0;border-radius:8px;background:var(--accent);color:var(--accent-text);font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
a{color:var(--accent)}
.error{color:var(--bad);font-weight:600}
`

/** A whole page: `title` in the tab and as its heading, `body` (HTML) in a card. */
export function page({ title, body }: { title: string; body: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · FrogBot</title><style>${STYLE}</style></head>
<body><main><div class="card"><h1>${escapeHtml(title)}</h1>${body}</div><p class="muted">FrogBot</p></main></body></html>`
}

/** What a link's pages say about the call: the agent, who asked, the question's text. */
export type LinkContext = { agentName: string; chatTitle: string | null; recipient: string; prompt: string }

function about({ agentName, chatTitle, recipient }: LinkContext): string {
  return `<p class="muted">${escapeHtml(agentName)} asks${chatTitle ? ` in “${escapeHtml(chatTitle)}”` : ''}. This link was sent to ${escapeHtml(recipient)}.</p>`
}

/**
 * The confirm page of a link that gives one answer: nothing is sent until its button is pressed
 * (the form posts to the same URL); `error`, why a post was refused, above the answer.
 */
export function confirmPage(context: LinkContext, label: string, error?: string): string {
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''
  return page({
    title: context.prompt,
    body: `${about(context)}${alert}<p>Your answer:</p><p class="choice">${escapeHtml(label)}</p>
<form method="post"><button type="submit">Send “${escapeHtml(label)}”</button></form>
<p class="muted">Nothing is sent until you press the button.</p>`
  })
}

/** The answer page of a link to several questions (or a multiple-choice one): one field set per question. */
export function questionsPage(context: LinkContext, questions: QuestionInput['questions'], error?: string): string {
  const fields = questions
    .map((question, index) => {
      const type = question.multiple ? 'checkbox' : 'radio'
      const options = question.options
        .map((option) => `<label><input type="${type}" name="q${index}" value="${escapeHtml(option.label)}"> ${escapeHtml(option.label)}${option.description ? ` <span class="muted">— ${escapeHtml(option.description)}</span>` : ''}</label>`)
        .join('')
      const custom = question.custom ? `<label>Or your own answer <input type="text" name="q${index}-custom" maxlength="${ANSWER_TEXT_MAX_LENGTH}"></label>` : ''
      return `<fieldset><legend>${escapeHtml(question.header)}</legend><p>${escapeHtml(question.question)}</p>${options}${custom}</fieldset>`
    })
    .join('')
  return page({
    title: context.prompt,
    body: `${about(context)}${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}<form method="post">${fields}<button type="submit">Send answer</button></form>`
  })
}

/** The page after an answer went through. */
export function donePage({ summary, chatURL }: { summary: string; chatURL: string }): string {
  return page({ title: 'Thank you, your answer was sent', body: `<p class="choice">${escapeHtml(summary)}</p><p>The agent continues with it. <a href="${escapeHtml(chatURL)}">Open the chat</a></p>` })
}

/** Why a link did nothing. */
export type LinkRefusal =
  | 'unknown'
  | 'used'
  | 'expired'
  | 'settled'
  | 'withdrawn'
  | 'withdrawn-approval'
  | 'forbidden'
  | 'voted'
  | 'unavailable'
  | 'busy'

const REFUSALS: Record<LinkRefusal, { status: number; title: string; text: string }> = {
  unknown: { status: 404, title: 'This link does not work', text: 'It is not a link FrogBot sent, or part of it was changed. Nothing was answered.' },
  used: { status: 410, title: 'This link was already used', text: 'Each answer link works once. Nothing was changed.' },
  expired: { status: 410, title: 'This link expired', text: 'Answer links work for a limited time. Nothing was answered; open the chat to answer there.' },
  settled: { status: 409, title: 'This question is closed', text: 'It was already answered, dismissed or expired, so its links no longer work. Nothing was changed.' },
  // Its call was removed while it waited (the message that led to it was edited, or the chat
  // changed): no longer asked.
  withdrawn: {
    status: 410,
    title: 'This question is no longer asked',
    text:
      'The message that led to it was edited, or the chat changed, so the question was withdrawn. ' +
      'Nothing was answered.'
  },
  'withdrawn-approval': {
    status: 410,
    title: 'This approval is no longer asked',
    text:
      'The message that led to it was edited, or the chat changed, so the call no longer waits for a ' +
      'decision. Nothing was decided.'
  },
  forbidden: { status: 403, title: 'You may not answer this', text: 'The app does not let this answer through. Nothing was changed.' },
  voted: { status: 409, title: 'You already answered this', text: 'Your answer is counted; the call waits for the others it needs. Nothing was changed.' },
  unavailable: { status: 409, title: 'This question cannot be answered here', text: 'Open the chat to answer it. Nothing was changed.' },
  busy: { status: 503, title: 'Please try again in a moment', text: 'FrogBot could not take the answer just now. Nothing was changed, and the link still works.' }
}

/** The refusal page of `why`, and its HTTP status. */
export function refusalPage(why: LinkRefusal, chatURL?: string): { status: number; html: string } {
  const { status, title, text } = REFUSALS[why]
  return { status, html: page({ title, body: `<p>${escapeHtml(text)}</p>${chatURL && why !== 'unknown' ? `<p><a href="${escapeHtml(chatURL)}">Open the chat</a></p>` : ''}` }) }
}
