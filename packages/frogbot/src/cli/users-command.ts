import { passwordProblem } from '../auth/password-hash.ts'
import { emailProblem } from '@frogbotai/protocol'
import { cliCommand } from './cli-command.ts'
import { nothingIn } from './database-place.ts'
import { withAuth } from './open-database.ts'
import { printLine, printProblem, rowField } from './terminal-lines.ts'
import { unknownUserLine } from './unknown-user.ts'
import { passwordFrom } from './prompt-password.ts'

/**
 * `frogbot users create|password|list|delete`. A password comes from `--password`, else
 * `FROGBOT_PASSWORD`, else a prompt on the terminal that shows nothing; it is never printed.
 * `create` without any of them (and no terminal) makes a user without a password, who uses API
 * tokens only; it refuses an email sign-in would refuse (the one rule of an email, `emailProblem` of
 * `@frogbotai/protocol`: a control or invisible character, too long, not an email), naming `--email`.
 * Emails and names are printed through `terminalText` (`printLine`): a control character shows as `?`.
 */
export async function usersCommand(
  args: string[],
  options: { config?: string; email?: string; name?: string; password?: string },
  env: NodeJS.ProcessEnv = process.env
): Promise<number> {
  const [action] = args
  if (action !== 'list' && !options.email) {
    console.error(`frogbot users ${action ?? ''}: --email <email> is required`)
    return 1
  }
  const badEmail = action === 'create' ? emailProblem(options.email!) : null
  if (badEmail) {
    printProblem(`frogbot users create: --email: ${badEmail}`)
    return 1
  }
  // Ask before opening the database, and check the password before anything is written.
  const password = action === 'create' || action === 'password' ? await passwordFrom(options.password, env, { required: action === 'password' }) : null
  const problem = password === null ? null : passwordProblem(password)
  if (problem) {
    console.error(`frogbot users ${action}: ${problem}`)
    return 1
  }
  return withAuth(options.config, async (auth, database, place) => {
    if (action === 'list') {
      const users = await auth.listUsers()
      if (users.length === 0) {
        const { where, note } = nothingIn(place)
        console.log(`No users yet${where}. Create one: ${cliCommand('users create --email you@example.com')}${note}`)
      }
      for (const user of users) {
        const name = user.name ? ` (${rowField(user.name)})` : ''
        const signIn = user.hasPassword ? 'password set' : 'no password (API tokens only)'
        printLine(`${user.email}${name}  created ${user.createdAt}  ${signIn}`)
      }
      return 0
    }
    const email = options.email!
    if (action === 'create') {
      const existing = await auth.userByEmail(email)
      if (existing) {
        if (password !== null) {
          const change = `Change it with: ${cliCommand(`users password --email ${existing.email}`)}`
          printProblem(`${existing.email} already exists; its password is unchanged. ${change}`)
          return 1
        }
        printLine(`${existing.email} already exists.`)
        return 0
      }
      const user = await auth.ensureUser({ email, name: options.name ?? null })
      const token = `Give them an API token: ${cliCommand(`tokens create --email ${user.email}`)}`
      const where = `\n(database: ${database})`
      if (password !== null) {
        await auth.setPassword(user.id, password)
        const signIn = 'they can sign in (POST /api/auth/login)'
        printLine(`Created ${user.email} with a password: ${signIn}. ${token}${where}`)
      } else {
        printLine(`Created ${user.email}. ${token}${where}`)
        const set = cliCommand(`users password --email ${user.email}`)
        printLine(`They have no password, so they cannot sign in; set one with: ${set}`)
      }
      return 0
    }
    if (action === 'password') {
      const user = await auth.userByEmail(email)
      if (!user) {
        const line = unknownUserLine(email, '')
        console.error(line.charAt(0).toUpperCase() + line.slice(1))
        return 1
      }
      if (password === null) {
        console.error('frogbot users password: give the password with --password, FROGBOT_PASSWORD or at the prompt (in a terminal)')
        return 1
      }
      await auth.setPassword(user.id, password)
      printLine(`Password set for ${user.email}; their sessions were signed out.`)
      return 0
    }
    if (action === 'delete') {
      const deleted = await auth.deleteUser(email)
      if (!deleted) {
        console.log(`No user ${email}.`)
        return 1
      }
      console.log(`Deleted ${email} with their ${deleted.chats} chat${deleted.chats === 1 ? '' : 's'}, tokens and sessions.`)
      return 0
    }
    console.error('frogbot users: use create, password, list or delete')
    return 1
  })
}
