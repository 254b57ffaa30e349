// The seed's "Add the tool" sample, unchanged.
import { buildConfig } from 'frogbot'
import { question } from 'frogbot/tools'

export default buildConfig({
  // required options omitted
  agents: [
    {
      slug: 'planner',
      model: 'fast',
      instructions: 'Ask before choosing between materially different plans.',
      tools: [question]
    }
  ]
})
