import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pieceContract } from '../../../src/testing/index.ts'
import { createToychat } from './toychat-piece.ts'
import { type ToychatStandIn, toychatDelivery, toychatStandIn } from './toychat-stand-in.ts'

// The README's "Writing a piece" example, a piece of under a hundred lines on the kit, runs the
// contract every piece runs, against a stand-in of its (made-up) platform.

const SECRET = 'toychat-test-secret'
const thread = (name: string) => `t-${name}`
const named = (platform: string) => platform.slice(2)
const isCard = (text: string) => text.includes('Reply with the number of an option')
const isNotice = (text: string) => /^@\S+ /.test(text)

pieceContract<ToychatStandIn>({
  name: 'Toychat',
  people: {
    ada: { userId: 'u-ada', name: 'ada', email: 'ada@example.com' },
    bob: { userId: 'u-bob', name: 'bob', email: 'bob@example.com' },
    eve: { userId: 'u-eve', name: 'eve', email: 'eve@elsewhere.example' }
  },
  standIn: toychatStandIn,
  piece: (standIn, { now }) => createToychat({ apiUrl: standIn.url, secret: SECRET, now }),
  say: (_standIn, { who, text, thread: name, now }) => toychatDelivery({ thread: thread(name), user: { id: who.userId, name: who.name, email: who.email }, text }, { secret: SECRET, now }),
  answer: (standIn, { who, card, label, now }) =>
    toychatDelivery({ thread: thread(card.thread), user: { id: who.userId, name: who.name, email: who.email }, text: label, replyTo: card.id }, { secret: SECRET, now }),
  cards: (standIn) => standIn.messages.filter((message) => isCard(message.text)).map((message) => ({ id: message.id, thread: named(message.thread), text: message.text })),
  replacements: (standIn, card) => standIn.messages.find((message) => message.id === card.id)?.edits ?? [],
  notices: (standIn) =>
    standIn.messages.filter((message) => isNotice(message.text)).map((message) => {
      const [mention, ...rest] = message.text.split(' ')
      return { to: `u-${mention.slice(1)}`, text: rest.join(' ') }
    }),
  replies: (standIn) => standIn.messages.filter((message) => !isCard(message.text) && !isNotice(message.text)).map((message) => ({ thread: named(message.thread), text: message.text })),
  apiCalls: (standIn) => standIn.calls.length,
  nameOf: (who) => `@${who.name}`,
  forge: (delivery) => ({ ...delivery, headers: { ...delivery.headers, 'toychat-signature': 'ab'.repeat(32) } }),
  failNextCard: (standIn) => standIn.failNext(isCard)
})

describe('the piece of the documentation\'s "Writing a piece" page', () => {
  it('is this very file, under a hundred lines', () => {
    const piece = readFileSync(join(import.meta.dirname, 'toychat-piece.ts'), 'utf8')
    const page = readFileSync(join(import.meta.dirname, '../../../../../docs/pieces/writing-a-piece.md'), 'utf8')
    expect(piece.split('\n').length).toBeLessThan(100)
    expect(page).toContain(`\`\`\`ts\n${piece.trimEnd()}\n\`\`\``)
  })
})
