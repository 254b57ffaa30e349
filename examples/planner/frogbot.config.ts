import { buildConfig } from 'frogbot'
import { question } from 'frogbot/tools'
import { pickFile } from './tools/pick-file.ts'
import { sendInvoice } from './tools/send-invoice.ts'

// Slack, Discord, Microsoft Teams, Telegram, GitHub and Linear conversations once their credentials
// are set (docs/pieces/*.md); imported
// only then, so that every other `frogbot` command starts without loading Chat SDK. Linear's
// teammates are FrogBot users by their email, so the default access below lets them in as it does
// on Slack.
const channels = [
  ...(process.env.SLACK_BOT_TOKEN ? [(await import('@frogbotai/piece-slack')).createSlack()] : []),
  ...(process.env.DISCORD_BOT_TOKEN ? [(await import('@frogbotai/piece-discord')).createDiscord()] : []),
  ...(process.env.TEAMS_APP_ID ? [(await import('@frogbotai/piece-microsoft-teams')).createMicrosoftTeams()] : []),
  // TELEGRAM_MODE=polling: the bot asks Telegram for updates itself, so it works from your machine without a public address or a tunnel.
  ...(process.env.TELEGRAM_BOT_TOKEN ? [(await import('@frogbotai/piece-telegram-bot')).createTelegramBot(process.env.TELEGRAM_MODE ? { mode: process.env.TELEGRAM_MODE as 'webhook' | 'polling' } : {})] : []),
  ...(process.env.GITHUB_WEBHOOK_SECRET ? [(await import('@frogbotai/piece-github')).createGithub()] : []),
  ...(process.env.LINEAR_WEBHOOK_SECRET ? [(await import('@frogbotai/piece-linear')).createLinear()] : [])
]

const idsOf = (list: string | undefined) => (list ?? '').split(',').map((id) => id.trim()).filter(Boolean)

// GitHub commenters have no FrogBot user: the planner talks there with the repository's owner,
// members and collaborators, and with the numeric GitHub user ids listed in
// GITHUB_ALLOWED_USER_IDS (docs/pieces/github.md, "Who can answer").
const githubUsers = idsOf(process.env.GITHUB_ALLOWED_USER_IDS)
const githubInsiders = ['owner', 'member', 'collaborator']
const githubAccess = (channel: { userId: string; association?: unknown }) => githubInsiders.includes(String(channel.association)) || githubUsers.includes(channel.userId)

// Telegram users have no FrogBot user either: the planner talks there with the numeric Telegram
// user ids listed in TELEGRAM_ALLOWED_USER_IDS (docs/pieces/telegram.md, "Who can answer").
const telegramUsers = idsOf(process.env.TELEGRAM_ALLOWED_USER_IDS)

// Discord participants have no FrogBot user either: the planner talks there with the Discord user
// ids in DISCORD_ALLOWED_USER_IDS and the members of a server role in DISCORD_ALLOWED_ROLE_IDS
// (docs/pieces/discord.md, "Who can answer").
const discordUsers = idsOf(process.env.DISCORD_ALLOWED_USER_IDS)
const discordRoles = idsOf(process.env.DISCORD_ALLOWED_ROLE_IDS)
const discordAllowed = (channel: { userId: string; roles?: string | string[] }) =>
  discordUsers.includes(channel.userId) || (Array.isArray(channel.roles) && channel.roles.some((role) => discordRoles.includes(role)))

export default buildConfig({
  agents: [
    {
      slug: 'planner',
      model: 'fast',
      instructions: 'Ask before choosing between materially different plans.',
      tools: [question, pickFile, sendInvoice],
      profile: {
        name: 'Planner',
        description: 'Plans with you, asks before choosing between materially different plans, and asks which file to use. Try "Ask me a few questions about a team offsite", "Pick a file: plan.md, budget.csv or notes.txt" or "Send the invoice to ACME".'
      },
      channels,
      access: ({ req }) => {
        if (req.channel?.piece === 'github') return githubAccess(req.channel)
        if (req.channel?.piece === 'discord') return discordAllowed(req.channel)
        if (req.channel?.piece === 'telegram') return telegramUsers.includes(req.channel.userId)
        return req.user !== null || req.entryPoint === 'local'
      }
    }
  ],
  // Tell whoever is asked that a question waits (docs/chat/reach-people.md): an email with answer
  // links through SMTP_URL, reminders after 15 minutes and 2 hours. With SMTP_URL unset, each email
  // is logged with its links instead, so you can click one.
  notify: {
    email: { from: 'Planner <planner@frogbot.localhost>' },
    remind: ['15m', '2h']
  },
  // The MCP server door at /mcp (docs/protocols/mcp.md): any MCP client with an API token can ask_human.
  mcp: { enabled: true }
})
