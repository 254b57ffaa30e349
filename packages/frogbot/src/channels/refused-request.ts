import { unauthorized } from './replay-guard.ts'

/**
 * A webhook request refused for `reason` (what was wrong, a phrase without a final stop): logged
 * through the piece's `refused` (`PieceContext.refused`: each distinct line at most once a minute)
 * as `<reason>; <remedy>`, `remedy` saying what whoever runs FrogBot can do about it if the
 * platform did send it (a secret to set, a clock to check); answered `401 unauthorized` with
 * `Refused: <reason>.`, which tells the sender nothing of the remedy. `told` (optional, default
 * `reason`): the reason the sender is told instead, where the log's names what only whoever runs
 * FrogBot needs (Telegram's: the variable the secret token is set in). The refusal Discord's,
 * Slack's, Microsoft Teams' and Telegram's verifiers give a request whose signature or token does
 * not hold.
 */
export function refusedRequest(refused: (why: string) => void, reason: string, remedy: string, told = reason): Response {
  refused(`${reason}; ${remedy}`)
  return unauthorized(`Refused: ${told}.`)
}
