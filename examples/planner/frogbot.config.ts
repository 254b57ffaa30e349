import { createSlack } from '@frogbotai/piece-slack'
import { buildConfig } from 'frogbot'
import { question } from 'frogbot/tools'

export default buildConfig({
  agents: [
    {
      slug: 'planner',
      model: 'fast',
      instructions: 'Ask before choosing between materially different plans.',
      tools: [question],
      profile: { name: 'Planner', description: 'Plans with you, and asks before choosing between materially different plans.' },
      // Slack conversations, once the app's credentials are set (README "Slack").
      channels: process.env.SLACK_BOT_TOKEN ? [createSlack()] : []
    }
  ]
})
