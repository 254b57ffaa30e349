import { emailProblem } from '@frogbotai/protocol'
import { cliCommand } from './cli-command.ts'

/**
 * What a command says when no user has the email `--email` gave: `no user ada@example.com. Create
 * one first: npx frogbot users create --email ada@example.com`; when the email itself breaks the
 * rule of an email (`emailProblem`: `a\u200b@x.com`, a tab inside…), that rule instead, naming the
 * character, never a `users create` that would be refused. (A look-up still finds a user an older
 * FrogBot stored with such an email.) `then` is the word before the command: "first" or none.
 */
export function unknownUserLine(email: string, then: ' first' | '' = ' first'): string {
  const problem = emailProblem(email)
  if (problem) return `no user has this email, and none can be created with it: --email: ${problem}`
  return `no user ${email}. Create one${then}: ${cliCommand(`users create --email ${email}`)}`
}
