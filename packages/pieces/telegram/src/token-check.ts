import { errorText } from 'frogbot/channels'
import { TelegramApiError } from './telegram-api.ts'

/** What the log says when Telegram refuses the bot token (Bot API: `401 Unauthorized`), and what to do. */
export const REFUSED_TOKEN =
  'Telegram did not accept the bot token (getMe answered 401 Unauthorized): set TELEGRAM_BOT_TOKEN (or botToken) to the token @BotFather gave this bot (/mybots → API Token, or /token); until then every update is answered 503'

/**
 * Asks Telegram once, at start-up, who the bot is (`identify`: `getMe`), so that a wrong token
 * shows in the log before the first update rather than as that update's `503`: a refused token
 * logs {@link REFUSED_TOKEN}, naming `TELEGRAM_BOT_TOKEN`; Telegram out of reach (or answering
 * anything else) logs that the token could not be checked, and why. Nothing is logged when
 * Telegram accepts it. Never rejects, and nothing waits for it: the piece starts either way, and
 * the first update asks again.
 */
export async function checkBotToken({ identify, log }: { identify: () => Promise<void>; log: (line: string) => void }): Promise<void> {
  try {
    await identify()
  } catch (error) {
    if (error instanceof TelegramApiError && error.status === 401) log(REFUSED_TOKEN)
    else log(`could not check TELEGRAM_BOT_TOKEN with Telegram (getMe: ${errorText(error)}); it is asked again with the first update`)
  }
}
