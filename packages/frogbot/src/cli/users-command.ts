import { ensureUser, findUserByEmail } from '../auth/users.ts'
import { withDatabase } from './open-database.ts'

/** `frogbot users create|list|delete`. */
export async function usersCommand(args: string[], options: { config?: string; email?: string; name?: string }): Promise<number> {
  const [action] = args
  return withDatabase(options.config, async (db) => {
    if (action === 'list') {
      const users = await db.selectFrom('frogbot_users').select(['email', 'name', 'created_at']).orderBy('created_at').execute()
      if (users.length === 0) console.log('No users yet. Create one: npx frogbot users create --email you@example.com')
      for (const user of users) console.log(`${user.email}${user.name ? ` (${user.name})` : ''}  created ${user.created_at}`)
      return 0
    }
    if (!options.email) {
      console.error(`frogbot users ${action ?? ''}: --email <email> is required`)
      return 1
    }
    if (action === 'create') {
      const existing = await findUserByEmail(db, options.email)
      const user = existing ?? (await ensureUser(db, { email: options.email, name: options.name ?? null }))
      console.log(existing ? `${user.email} already exists.` : `Created ${user.email}. Give them an API token: npx frogbot tokens create --email ${user.email}`)
      return 0
    }
    if (action === 'delete') {
      const deleted = await db.deleteFrom('frogbot_users').where('email', '=', options.email.trim().toLowerCase()).executeTakeFirst()
      console.log(Number(deleted.numDeletedRows) > 0 ? `Deleted ${options.email} and their tokens.` : `No user ${options.email}.`)
      return Number(deleted.numDeletedRows) > 0 ? 0 : 1
    }
    console.error('frogbot users: use create, list or delete')
    return 1
  })
}
