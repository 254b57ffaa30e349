import { buildConfig } from 'frogbot'
import { question } from 'frogbot/tools'
import { pickFile } from './tools/pick-file.ts'

// Slack and Microsoft Teams conversations once their credentials are set (README "Slack",
// "Microsoft Teams"); imported only then, so that every other `frogbot` command starts without
// loading Chat SDK.
const channels = [
  ...(process.env.SLACK_BOT_TOKEN ? [(await import('@frogbotai/piece-slack')).createSlack()] : []),
  ...(process.env.TEAMS_APP_ID ? [(await import('@frogbotai/piece-microsoft-teams')).createMicrosoftTeams()] : [])
]

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
      channels
    }
  ]
})
