import { join } from 'node:path'
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test'
import { afterEach, describe, expect, it } from 'vitest'
import { buildConfig, createFrogbot, sqliteAdapter } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { branchTitle, cleanTitle, firstWordsTitle } from '../../src/turns/chat-titles.ts'
import { textStep } from '../../src/testing/scripted-model.ts'
import { demoTitle } from '../../src/models/demo-model-title.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

const text = (value: string) => [{ type: 'text' as const, text: value }]
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

describe('titles from the first words', () => {
  it('keep the first sentence or what precedes a colon, at most six words, and say where they were cut', () => {
    expect(firstWordsTitle(text('Plan a team offsite: should it be in the city or in the mountains?'))).toBe('Plan a team offsite')
    expect(firstWordsTitle(text('Which color should we use?'))).toBe('Which color should we use?')
    expect(firstWordsTitle(text('Hello there. How are you today?'))).toBe('Hello there')
    expect(firstWordsTitle(text('Write a long essay about the history of the printing press in Europe'))).toBe('Write a long essay about the…')
    expect(firstWordsTitle(text('  ## Summarise   this\n\nplease  '))).toBe('Summarise this please')
    expect(firstWordsTitle(text('x'.repeat(300)))).toMatch(/^x{79}…$/)
    expect(firstWordsTitle([{ type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AA==' }])).toBeNull()
  })

  // A newcomer's prompt "hi\u0000 \ud800" was shown as a title with a NUL box and a replacement character.
  it('hold no control characters or lone surrogates, from the first words or from the model', () => {
    expect(firstWordsTitle(text('hi\u0000there \ud800 friend'))).toBe('hi there friend')
    expect(firstWordsTitle(text('\u0000\u0007'))).toBeNull()
    expect(cleanTitle('Shed\u0000 plan\u001b')).toBe('Shed plan')
  })

  // "Plan a team offsite 🐸🐸…" long enough to be cut was titled with a U+FFFD at its end.
  it('are cut between characters: an emoji, a flag or a family at the cut stays whole or goes', () => {
    const frogs = firstWordsTitle(text(`Plan${'🐸'.repeat(60)}`))!
    expect(frogs).toBe(`Plan${'🐸'.repeat(37)}…`)
    expect(frogs.isWellFormed()).toBe(true)
    expect(cleanTitle(`${'x'.repeat(78)}🇫🇷 trip`)).toBe(`${'x'.repeat(78)}…`)
    expect(cleanTitle(`${'x'.repeat(75)}👨‍👩‍👧 trip`)).toBe(`${'x'.repeat(75)}…`)
    expect(branchTitle(`${'🐸'.repeat(40)}`)).toBe(`Branch · ${'🐸'.repeat(35)}…`)
  })

  // The 80 of a title counts UTF-16 units, as the chat's `maxlength` and a rename do:
  // 80 code points may be too long.
  it('are at most 80 UTF-16 code units, however few code points', () => {
    const longest = (title: string | null) => {
      expect(title!.isWellFormed()).toBe(true)
      expect(title!.length).toBeLessThanOrEqual(80)
      return title
    }
    expect(longest(firstWordsTitle(text(`${'x'.repeat(78)}😀😀`)))).toBe(`${'x'.repeat(78)}…`)
    expect(longest(cleanTitle(`${'x'.repeat(79)}😀`))).toBe(`${'x'.repeat(79)}…`)
    expect(longest(cleanTitle('😀'.repeat(41)))).toBe(`${'😀'.repeat(39)}…`)
    expect(longest(cleanTitle('😀'.repeat(40)))).toBe('😀'.repeat(40))
    expect(longest(branchTitle('😀'.repeat(40)))).toBe(`Branch · ${'😀'.repeat(35)}…`)
  })

  // A first message "\u200b\u200bHello" was titled with the zero-width spaces before "Hello"
  // (the demo model's title), "Hello there\u200b" with one after.
  it('neither start nor end with invisible or control characters; a character keeps its own marks', () => {
    expect(firstWordsTitle(text('\u200b\u200bHello'))).toBe('Hello')
    expect(firstWordsTitle(text('\u3164\u034f\ufe0fHello there\u200b\u2060. More'))).toBe('Hello there')
    expect(firstWordsTitle(text('\u0001\u200b## Plan \u001b'))).toBe('Plan')
    const seven = 'one two three four five six\u200b seven'
    expect(firstWordsTitle(text(seven))).toBe('one two three four five six…')
    expect(cleanTitle('\u200b\u200bHello')).toBe('Hello')
    expect(cleanTitle('\u200b"\u2060Team offsite\u200b"\u0085\u001b')).toBe('Team offsite')
    expect(cleanTitle('\u200b\u0007\n\ufeffSecond line')).toBe('Second line')
    // The variation selector of ❤️ and the tags of the flag of England are part of what shows.
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'
    expect(cleanTitle(`\u200bTea \u2764\ufe0f`)).toBe('Tea \u2764\ufe0f')
    expect(firstWordsTitle(text(`\u200bTea ${england}\u200b`))).toBe(`Tea ${england}`)
    expect(cleanTitle('\u200b\u0001\u3164')).toBeNull()
  })

  it('a model answer becomes one clean line', () => {
    expect(cleanTitle('"Team offsite plan."\n')).toBe('Team offsite plan')
    expect(cleanTitle('Title: **Mountain retreat**')).toBe('Mountain retreat')
    expect(cleanTitle('\n\n  “Budget review”  \nsecond line')).toBe('Budget review')
    expect(cleanTitle('   ')).toBeNull()
  })

  // A new user's chats were titled "Delete the branch with deletebranch", "snakecase", "filea.txt":
  // every `_`, `*` and backtick was removed. Only Markdown that wraps text goes now.
  it('keeps _, *, # and backticks inside words and identifiers', () => {
    expect(cleanTitle('Delete the branch with delete_branch')).toBe('Delete the branch with delete_branch')
    expect(cleanTitle('snake_case')).toBe('snake_case')
    expect(cleanTitle('Rename file_a.txt')).toBe('Rename file_a.txt')
    expect(cleanTitle('x_y_z and a_b')).toBe('x_y_z and a_b')
    expect(cleanTitle('_private fields')).toBe('_private fields')
    expect(cleanTitle('5 * 3 and 2*3*4')).toBe('5 * 3 and 2*3*4')
    expect(cleanTitle('Issue #42 in C#')).toBe('Issue #42 in C#')
    const tool = 'Delete the branch with delete_branch'
    expect(firstWordsTitle(text(tool))).toBe(tool)
    expect(firstWordsTitle(text('_private fields in file_a.txt'))).toBe('_private fields in file_a.txt')
  })

  // A new user's "Rename foo`bar` please" was titled "Rename foobar please": a backtick inside a
  // word was taken for a code span. Only a code span that stands as its own word is unwrapped.
  it('keeps backticks inside a word; unwraps a code span that stands as its own word', () => {
    expect(cleanTitle('Rename foo`bar` please')).toBe('Rename foo`bar` please')
    expect(cleanTitle('use a`b`c please')).toBe('use a`b`c please')
    expect(firstWordsTitle(text('Rename foo`bar` please'))).toBe('Rename foo`bar` please')
    expect(firstWordsTitle(text('use a`b`c please'))).toBe('use a`b`c please')
    expect(cleanTitle('Run `npm test` (`ci`) now')).toBe('Run npm test (ci) now')
    expect(demoTitle('Rename foo`bar` please')).toBe('Rename foo`bar` please')
  })

  // The demo model titled "file_a.txt" as "File_a", "read README.md first" as "Read README",
  // "ship the 2.0 release" as "Ship the 2": it cut the prompt at every period.
  it('the demo model cuts only at a sentence end and leaves an identifier as written', () => {
    expect(demoTitle('file_a.txt')).toBe('file_a.txt')
    expect(demoTitle('read README.md first')).toBe('Read README.md first')
    expect(demoTitle('ship the 2.0 release')).toBe('Ship the 2.0 release')
    expect(demoTitle('Call Dr. Smith about it')).toBe('Call Dr. Smith about it')
    expect(demoTitle('e.g. this')).toBe('e.g. this')
    expect(demoTitle('v1.2.3')).toBe('v1.2.3')
    expect(demoTitle('my_var_name')).toBe('my_var_name')
    expect(demoTitle('plan')).toBe('Plan')
    expect(demoTitle('Hello there. How are you today?')).toBe('Hello there')
    expect(demoTitle('fix the bug! then ship')).toBe('Fix the bug')
    // The first words of a chat too: an abbreviation's period is no sentence end.
    expect(firstWordsTitle(text('Call Dr. Smith about it'))).toBe('Call Dr. Smith about it')
    expect(firstWordsTitle(text('Use e.g. this one'))).toBe('Use e.g. this one')
    expect(firstWordsTitle(text('ship the 2.0 release. Then rest'))).toBe('ship the 2.0 release')
  })

  it('unwraps Markdown that wraps the whole title or a word', () => {
    expect(cleanTitle('**Team offsite plan**')).toBe('Team offsite plan')
    expect(cleanTitle('*Team offsite*')).toBe('Team offsite')
    expect(cleanTitle('***Team offsite***')).toBe('Team offsite')
    expect(cleanTitle('__Team offsite__')).toBe('Team offsite')
    expect(cleanTitle('_Team offsite_')).toBe('Team offsite')
    expect(cleanTitle('`delete_branch`')).toBe('delete_branch')
    expect(cleanTitle('Fix the `delete_branch` tool')).toBe('Fix the delete_branch tool')
    expect(cleanTitle('**`snake_case` naming**')).toBe('snake_case naming')
    expect(cleanTitle('Use **bold** and _italic_ words')).toBe('Use bold and italic words')
    expect(cleanTitle('# Team offsite')).toBe('Team offsite')
    expect(cleanTitle('## **Offsite**')).toBe('Offsite')
    expect(cleanTitle('"**Offsite**"')).toBe('Offsite')
    expect(cleanTitle('**"Offsite"**')).toBe('Offsite')
    expect(cleanTitle('**Title:** Offsite')).toBe('Offsite')
    expect(cleanTitle('**Team offsite')).toBe('Team offsite')
    expect(firstWordsTitle(text('`npm test` fails on CI'))).toBe('npm test fails on CI')
    expect(firstWordsTitle(text('**Plan** a team offsite: city?'))).toBe('Plan a team offsite')
  })

  it('a branch is marked once however often it is branched', () => {
    expect(branchTitle('Plan a team offsite')).toBe('Branch · Plan a team offsite')
    expect(branchTitle('Branch · Plan a team offsite')).toBe('Branch · Plan a team offsite')
    expect(branchTitle(null)).toBe('Branch')
  })
})

describe('chat titles over HTTP', () => {
  it('the offline demo model and a test model override title a chat by its first words; a branch is marked; an edit of the first message follows it', async () => {
    const app = await testFrogbot({ model: new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream(textStep('Sure.') as never[]) }) }) })
    cleanups.push(app.close)
    const { json } = await app.call('POST', '/api/agents/planner', { prompt: 'Plan a team offsite: city or mountains?' })
    const read = await app.call('GET', `/api/agents/planner/chats/${json.chatId}`)
    expect(read.json.chat.title).toBe('Plan a team offsite')
    const branched = await app.call('POST', `/api/agents/planner/chats/${json.chatId}/branch`, {})
    expect(branched.json.chat.title).toBe('Branch · Plan a team offsite')
    await app.call('PUT', `/api/agents/planner/chats/${json.chatId}/messages/${read.json.messages[0].id}`, { text: 'Plan a dinner for six' })
    expect((await app.call('GET', `/api/agents/planner/chats/${json.chatId}`)).json.chat.title).toBe('Plan a dinner for six')
  })
})

describe('titles the offline demo model writes', () => {
  // Its title of "\u200b\u200bHello there friend, how are you…" was "\u200b\u200bHello there friend".
  it('over HTTP: a first message with zero-width or control characters first: titled without them', async () => {
    const app = await testFrogbot({ model: null })
    cleanups.push(app.close)
    const title = async (chatId: string) =>
      (await app.call('GET', `/api/agents/planner/chats/${chatId}`)).json.chat.title
    const prompts = [
      '\u200b\u200bHello there friend, how are you doing today',
      '\u0001\u200bGood morning team, how are you doing today\u200b\u001b'
    ]
    const chats: string[] = []
    for (const prompt of prompts) {
      const sent = await app.call('POST', '/api/agents/planner', { prompt })
      expect(sent.status).toBe(200)
      chats.push(sent.json.chatId)
    }
    // The first words ("Hello there friend, how are you…") until the demo model's title comes.
    const titles = ['Hello there friend', 'Good morning team']
    await expect.poll(async () => Promise.all(chats.map(title))).toEqual(titles)
  })

  it("differ from the first words, tell the README's prompts apart, and the same prompt twice is numbered", async () => {
    const temp = tempDir()
    const frogbot = await createFrogbot(buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], db: sqliteAdapter({ filename: join(temp.dir, 'demo.db') }) }), {
      env: {},
      log: () => {},
      maintenanceIntervalMs: 0
    })
    cleanups.push(async () => {
      await frogbot.close()
      temp.remove()
    })
    const ada = { id: 'user_ada', email: 'ada@example.com', name: 'Ada' }
    const start = async (text: string) => {
      const sent = await frogbot.sendMessage({ agent: 'planner', text, caller: { user: ada, door: 'http' } })
      if (sent.status !== 'started') throw new Error(sent.status)
      await sent.run.result
      return sent.chatId
    }
    const title = async (chatId: string) => (await frogbot.readChat({ chatId, caller: { user: ada } })).chat.title
    const prompts = ['Plan a team offsite: city or mountains?', 'Ask me a few questions about a team offsite', 'Pick any toppings: cheese, mushrooms, olives or peppers', 'Plan a team offsite: city or mountains?', 'Plan a team offsite: city or mountains?']
    const chats: string[] = []
    for (const prompt of prompts) chats.push(await start(prompt))
    await expect
      .poll(async () => Promise.all(chats.map(title)))
      .toEqual([
        'Team offsite: city or mountains',
        'Team offsite: a few questions',
        'Pick any toppings: cheese, mushrooms, olives or peppers',
        'Team offsite: city or mountains (2)',
        'Team offsite: city or mountains (3)'
      ])
  })
})

describe('titles generated by a configured model', () => {
  async function withModel(doGenerate: MockLanguageModelV4['doGenerate']) {
    const temp = tempDir()
    const model = new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream(textStep('Here is a plan.') as never[]) }), doGenerate })
    const lines: string[] = []
    const frogbot = await createFrogbot(
      buildConfig({ agents: [{ slug: 'planner', model, tools: [question] }], db: sqliteAdapter({ filename: join(temp.dir, 'titles.db') }) }),
      { log: (line) => lines.push(line), maintenanceIntervalMs: 0 }
    )
    cleanups.push(async () => {
      await frogbot.close()
      temp.remove()
    })
    const ada = { id: 'user_ada', email: 'ada@example.com', name: 'Ada' }
    const send = async (prompt: string) => {
      const sent = await frogbot.sendMessage({ agent: 'planner', text: prompt, caller: { user: ada, door: 'http' } })
      if (sent.status !== 'started') throw new Error(sent.status)
      await sent.run.result
      return sent.chatId
    }
    const title = async (chatId: string) => (await frogbot.readChat({ chatId, caller: { user: ada } })).chat.title
    const rename = (chatId: string, to: string) => frogbot.renameChat({ chatId, title: to, caller: { user: ada } })
    return { model, lines, send, title, rename }
  }

  const answer = (value: string) => ({ content: [{ type: 'text' as const, text: value }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }, warnings: [] })

  it('the turn never waits for it: the chat starts with its first words, then takes the short title the model gave', async () => {
    let giveTitle!: () => void
    const asked = new Promise<void>((resolve) => (giveTitle = resolve))
    const { model, send, title } = await withModel(async () => {
      await asked
      return answer('"Team offsite: city or mountains"')
    })
    const chatId = await send('Plan a team offsite: should it be in the city or in the mountains? We are twelve.')
    expect(await title(chatId)).toBe('Plan a team offsite')
    giveTitle()
    await expect.poll(() => title(chatId)).toBe('Team offsite: city or mountains')
    expect(JSON.stringify(model.doGenerateCalls[0].prompt)).toContain('We are twelve.')
  })

  it('a rename while the title is being generated wins', async () => {
    let giveTitle!: () => void
    const asked = new Promise<void>((resolve) => (giveTitle = resolve))
    const { model, send, title, rename } = await withModel(async () => {
      await asked
      return answer('Generated title')
    })
    const chatId = await send('Plan the spring party')
    await rename(chatId, 'My own title')
    giveTitle()
    await expect.poll(() => model.doGenerateCalls.length).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await title(chatId)).toBe('My own title')
  })

  it('a model that fails leaves the first words, and the log says so once', async () => {
    const { send, title, lines } = await withModel(async () => {
      throw new Error('quota exceeded')
    })
    const chatId = await send('Which color should the invitations be?')
    await expect.poll(() => lines.length).toBe(1)
    expect(lines[0]).toMatch(/keeps its first words as its title.*quota exceeded/)
    expect(await title(chatId)).toBe('Which color should the invitations be?')
  })
})
