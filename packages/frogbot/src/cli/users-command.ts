import { passwordProblem } from '../auth/password-hash.ts'
import { cliCommand } from './cli-command.ts'
import { nothingIn } from './database-place.ts'
import { withAuth } from './open-database.ts'
import { passwordFrom } from './prompt-password.ts'

/**
 * `frogbot users create|password|list|delete`. A password comes from `--password`, else
 * `FROGBOT_PASSWORD`, else a prompt on the terminal that shows nothing; it is never printed.
 * `create` without any of them (and no terminal) makes a user without a password, who uses API
 * tokens only.
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
        console.log(`${user.email}${user.name ? ` (${user.name})` : ''}  created ${user.createdAt}  ${user.hasPassword ? 'password set' : 'no password (API tokens only)'}`)
      }
      return 0
    }
    const email = options.email!
    if (action === 'create') {
      const existing = await auth.userByEmail(email)
      if (existing) {
        if (password !== null) {
          console.error(`${existing.email} already exists; its password is unchanged. Change it with: ${cliCommand(`users password --email ${existing.email}`)}`)
          return 1
        }
        console.log(`${existing.email} already exists.`)
        return 0
      }
      const user = await auth.ensureUser({ email, name: options.name ?? null })
      if (password !== null) {
        await auth.setPassword(user.id, password)
        console.log(`Created ${user.email} with a password: they can sign in (POST /api/auth/login). Give them an API token: ${cliCommand(`tokens create --email ${user.email}`)}\n(database: ${database})`)
      } else {
        console.log(`Created ${user.email}. Give them an API token: ${cliCommand(`tokens create --email ${user.email}`)}\n(database: ${database})`)
        console.log(`They have no password, so they cannot sign in; set one with: ${cliCommand(`users password --email ${user.email}`)}`)
      }
      return 0
    }
    if (action === 'password') {
      const user = await auth.userByEmail(email)
      if (!user) {
        console.error(`No user ${email}. Create one: ${cliCommand(`users create --email ${email}`)}`)
        return 1
      }
      if (password === null) {
        console.error('frogbot users password: give the password with --password, FROGBOT_PASSWORD or at the prompt (in a terminal)')
        return 1
      }
      await auth.setPassword(user.id, password)
      console.log(`Password set for ${user.email}; their sessions were signed out.`)
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
