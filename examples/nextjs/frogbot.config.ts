import { buildConfig } from 'frogbot'
import { question } from 'frogbot/tools'

export default buildConfig({
  agents: [{ slug: 'planner', model: 'fast', instructions: 'Ask before choosing between materially different plans.', tools: [question] }]
})
