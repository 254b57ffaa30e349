import { buildConfig } from 'frogbot'
import { question } from 'frogbot/tools'
import { pickFile } from './tools/pick-file.ts'

// Slack conversations once the app's credentials are set (README "Slack"); imported only then, so
// that every other `frogbot` command starts without loading Chat SDK.
const channels = process.env.SLACK_BOT_TOKEN ? [(await import('@frogbotai/piece-slack')).createSlack()] : []

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
