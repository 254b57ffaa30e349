// Profiles FrogBot's answers alone on a chat of 200 earlier messages (node:inspector around the
// answer loop only, not the chats' making). Usage: node bench/profile-long-chat.ts <out.cpuprofile | -> [answers]
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { timeAnswers } from './answer-loop.ts'
import { startFrogbot } from './frogbot-app.ts'
import { LONG_CHAT, copyChat, idleChat } from './figures/long-chat.ts'
import { p50 } from './stats.ts'

const [out = '/tmp/long-chat.cpuprofile', answers = '400'] = process.argv.slice(2)
const count = Number(answers)
const frogbot = await startFrogbot('sqlite')
try {
  const { chatId } = await idleChat(frogbot, LONG_CHAT)
  const chats = await copyChat(frogbot, chatId, count + 100)
  const ask = () => frogbot.askIn(chats.pop()!)
  await timeAnswers(100, ask, frogbot.answer)
  // `-` as the file: timings alone, no profiler.
  const session = out === '-' ? null : new Session()
  session?.connect()
  await session?.post('Profiler.enable')
  await session?.post('Profiler.start')
  const samples = await timeAnswers(count, ask, frogbot.answer)
  const stopped = await session?.post('Profiler.stop')
  if (stopped) writeFileSync(out, JSON.stringify(stopped.profile))
  console.log(`${count} answers: first text p50 ${p50(samples.firstText).toFixed(3)} ms, CPU p50 ${p50(samples.cpu).toFixed(3)} ms${stopped ? `; profile ${out}` : ''}`)
} finally {
  await frogbot.close()
}
