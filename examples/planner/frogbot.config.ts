import { buildConfig } from 'frogbot'
import { question } from 'frogbot/tools'
import { pickFile } from './tools/pick-file.ts'

// Slack, Microsoft Teams, Telegram and GitHub conversations once their credentials are set (README
// "Slack", "Microsoft Teams", "Telegram", "GitHub"); imported only then, so that every other `frogbot` command starts
// without loading Chat SDK.
const channels = [
  ...(process.env.SLACK_BOT_TOKEN ? [(await import('@frogbotai/piece-slack')).createSlack()] : []),
  ...(process.env.TEAMS_APP_ID ? [(await import('@frogbotai/piece-microsoft-teams')).createMicrosoftTeams()] : []),
  ...(process.env.TELEGRAM_BOT_TOKEN ? [(await import('@frogbotai/piece-telegram-bot')).createTelegramBot()] : []),
  ...(process.env.GITHUB_WEBHOOK_SECRET ? [(await import('@frogbotai/piece-github')).createGithub()] : [])
]

// GitHub commenters have no FrogBot user: the planner talks there with the numeric GitHub user ids
// listed in GITHUB_ALLOWED_USER_IDS (README "GitHub", "Who can answer").
const idsOf = (list: string | undefined) => (list ?? '').split(',').map((id) => id.trim()).filter(Boolean)
const githubUsers = idsOf(process.env.GITHUB_ALLOWED_USER_IDS)

// Telegram users have no FrogBot user either: the planner talks there with the numeric Telegram
// user ids listed in TELEGRAM_ALLOWED_USER_IDS (README "Telegram", "Who can answer").
const telegramUsers = idsOf(process.env.TELEGRAM_ALLOWED_USER_IDS)
const platformUsers: Record<string, string[]> = { github: githubUsers, telegram: telegramUsers }

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
      access: ({ req }) => (req.channel && req.channel.piece in platformUsers ? platformUsers[req.channel.piece].includes(req.channel.userId) : req.user !== null || req.entryPoint === 'local')
    }
  ]
})
