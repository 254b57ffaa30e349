import { buildConfig } from 'frogbot'
import { question } from 'frogbot/tools'
import { pickFile } from './tools/pick-file.ts'

// Slack, Discord, Microsoft Teams and GitHub conversations once their credentials are set (README
// "Slack", "Discord", "Microsoft Teams", "GitHub"); imported only then, so that every other
// `frogbot` command starts without loading Chat SDK.
const channels = [
  ...(process.env.SLACK_BOT_TOKEN ? [(await import('@frogbotai/piece-slack')).createSlack()] : []),
  ...(process.env.DISCORD_BOT_TOKEN ? [(await import('@frogbotai/piece-discord')).createDiscord()] : []),
  ...(process.env.TEAMS_APP_ID ? [(await import('@frogbotai/piece-microsoft-teams')).createMicrosoftTeams()] : []),
  ...(process.env.GITHUB_WEBHOOK_SECRET ? [(await import('@frogbotai/piece-github')).createGithub()] : [])
]

// GitHub commenters have no FrogBot user: the planner talks there with the numeric GitHub user ids
// listed in GITHUB_ALLOWED_USER_IDS (README "GitHub", "Who can answer").
const idList = (value: string | undefined) => (value ?? '').split(',').map((id) => id.trim()).filter(Boolean)
const githubUsers = idList(process.env.GITHUB_ALLOWED_USER_IDS)

// Discord participants have no FrogBot user either: the planner talks there with the Discord user
// ids in DISCORD_ALLOWED_USER_IDS and the members of a server role in DISCORD_ALLOWED_ROLE_IDS
// (README "Discord", "Who can answer").
const discordUsers = idList(process.env.DISCORD_ALLOWED_USER_IDS)
const discordRoles = idList(process.env.DISCORD_ALLOWED_ROLE_IDS)
const discordAllowed = (channel: { userId: string; roles?: string | string[] }) =>
  discordUsers.includes(channel.userId) || (Array.isArray(channel.roles) && channel.roles.some((role) => discordRoles.includes(role)))

export default buildConfig({
  agents: [
    {
      slug: 'planner',
      model: 'fast',
      instructions: 'Ask before choosing between materially different plans.',
      tools: [question, pickFile],
      profile: {
        name: 'Planner',
        description: 'Plans with you, asks before choosing between materially different plans, and asks which file to use. Try "Ask me a few questions about a team offsite" or "Pick a file: plan.md, budget.csv or notes.txt".'
      },
      channels,
      access: ({ req }) =>
        req.channel?.piece === 'github' ? githubUsers.includes(req.channel.userId) : req.channel?.piece === 'discord' ? discordAllowed(req.channel) : req.user !== null || req.entryPoint === 'local'
    }
  ]
})
