import { buildConfig } from 'frogbot'
import { question } from 'frogbot/tools'

// Slack conversations once the app's credentials are set (README "Slack"); imported only then, so
// that every other `frogbot` command starts without loading Chat SDK.
const channels = process.env.SLACK_BOT_TOKEN ? [(await import('@frogbotai/piece-slack')).createSlack()] : []

export default buildConfig({
  agents: [
    {
      slug: 'planner',
      model: 'fast',
      instructions: 'Ask before choosing between materially different plans.',
      tools: [question],
      profile: { name: 'Planner', description: 'Plans with you, and asks before choosing between materially different plans.' },
      channels
    }
  ]
})
