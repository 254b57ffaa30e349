import { tokenPrefix } from '../auth/api-tokens.ts'
import { cliCommand } from './cli-command.ts'
import { nothingIn } from './database-place.ts'
import { withAuth } from './open-database.ts'
import { printLine, rowField } from './terminal-lines.ts'
import { unknownUserLine } from './unknown-user.ts'

/**
 * How `tokens revoke` may echo what it was given: a token id, or anything shorter than the shortest
 * token (16 characters), as is; anything else (it may be the token itself, which is never printed)
 * as its prefix and `…`.
 */
export function shownTarget(target: string): string {
  return target.length < 16 || /^tok_[\w-]{24}$/.test(target) ? target : `${tokenPrefix(target)}…`
}

/**
 * `frogbot tokens create|list|revoke`. A created token is printed once; only its hash is stored.
 * Names and emails are printed through `terminalText` (`printLine`): a control character shows as `?`.
 */
export async function tokensCommand(args: string[], options: { config?: string; email?: string; name?: string }): Promise<number> {
  const [action, given] = args
  // `tokens list` shows a prefix as `fbt_3wBAzL…`: accept it copied with the ellipsis.
  const target = given?.replace(/…$/, '')
  return withAuth(options.config, async (auth, database, place) => {
    if (action === 'revoke') {
      if (!target) {
        console.error('frogbot tokens revoke: give the token, or its prefix or id as `frogbot tokens list` shows them')
        return 1
      }
      const matches = await auth.activeTokens(target)
      if (matches.length === 0) {
        const { where, note } = nothingIn(place)
        console.log(`No active token matches "${shownTarget(target)}"${where}. See the prefixes and ids with: ${cliCommand('tokens list --email <email>')}${note}`)
        return 1
      }
      if (matches.length > 1) {
        console.error(`${matches.length} active tokens start with "${shownTarget(target)}"; revoke one by its id (see \`${cliCommand('tokens list --email <email>')}\`).`)
        return 1
      }
      await auth.revokeToken(matches[0].id)
      const revoked = `token "${rowField(matches[0].name)}" (${matches[0].id})`
      printLine(`Revoked ${revoked}. Every server refuses it from its next request.`)
      return 0
    }
    if (!options.email) {
      console.error(`frogbot tokens ${action ?? ''}: --email <email> is required`)
      return 1
    }
    const user = await auth.userByEmail(options.email)
    if (!user) {
      const line = unknownUserLine(options.email)
      console.error(line.charAt(0).toUpperCase() + line.slice(1))
      return 1
    }
    if (action === 'create') {
      if (options.name !== undefined && options.name.trim() === '') {
        console.error('frogbot tokens create: --name must not be empty (it tells your tokens apart in lists and settlements)')
        return 1
      }
      const created = await auth.createToken({ userId: user.id, name: options.name ?? 'cli' })
      printLine(
        `API token for ${user.email} (shown once; store it now):\n\n  ${created.token}\n\nIt works with servers on ${database}.\nIts id is ${created.id} (to revoke it: ${cliCommand(`tokens revoke ${created.id}`)}).`
      )
      return 0
    }
    if (action === 'list') {
      const tokens = await auth.listTokens(user.id)
      const create = cliCommand(`tokens create --email ${user.email}`)
      const where = nothingIn(place).where
      if (tokens.length === 0) printLine(`No tokens for ${user.email}${where}. Create one: ${create}`)
      for (const token of tokens) {
        const state = token.revoked_at ? `revoked ${token.revoked_at}` : `last used ${token.last_used_at ?? 'never'}`
        const name = rowField(token.name)
        printLine(`${token.prefix}…  ${name}  id ${token.id}  created ${token.created_at}  ${state}`)
      }
      return 0
    }
    console.error('frogbot tokens: use create, list or revoke')
    return 1
  })
}
