import { buildConfig } from 'frogbot'
import { question } from 'frogbot/tools'

export default buildConfig({
  agents: [
    {
      slug: 'planner',
      model: 'fast',
      instructions: 'Ask before choosing between materially different plans.',
      tools: [question],
      profile: { name: 'Planner', description: 'Plans with you, and asks before choosing between materially different plans.' }
    }
  ]
})
