import { clipDrawn } from '../text/clip-drawn.ts'
import { errorText } from '../text/error-text.ts'
import { type NameOf, noticeText, type PieceNotice } from './piece-notices.ts'

/** What a presser is told when their press could not be read (the error itself goes to the log). */
export const PRESS_FAILED = 'Something went wrong; try again in a moment.'

/** How {@link pressNoticeText} names people and logs a failure, what it calls the press, its longest text. */
type PressReading = { nameOf: NameOf; log: (line: string) => void; what: string; maxChars: number }

/**
 * The text a press's own acknowledgement tells the presser, privately, on a platform whose
 * acknowledgement carries a short text (FrogBot's piece kit; Telegram's `answerCallbackQuery`, a
 * Teams invoke's answer): `handle` reads the press and resolves to the notice for the presser, or
 * `null`. Resolves to the notice's text (the kit's `noticeText`, people named by `nameOf`), cut to
 * `maxChars`, or `null` when there is none; when `handle` throws, the error is logged as `could not
 * handle <what>: <error>` and the presser is told {@link PRESS_FAILED}. Never rejects, so that the
 * press is acknowledged whatever became of it.
 */
export async function pressNoticeText(
  handle: () => Promise<PieceNotice | null>,
  { nameOf, log, what, maxChars }: PressReading
): Promise<string | null> {
  try {
    const notice = await handle()
    return notice ? clipDrawn(noticeText(notice, nameOf), maxChars) : null
  } catch (error) {
    log(`could not handle ${what}: ${errorText(error)}`)
    return clipDrawn(PRESS_FAILED, maxChars)
  }
}
