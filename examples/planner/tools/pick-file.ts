// The seed's "Build a client tool" sample: the planner asks which file to use with its own card
// (components/PickFileCard.tsx), rendered in the admin chat from the `component` path.
import type { ClientTool } from 'frogbot'
import { z } from 'zod'

const pickFileInput = z.object({ files: z.array(z.string()).min(1) })
const pickFileOutput = z.object({ file: z.string() })

type PickFileInput = z.output<typeof pickFileInput>
type PickFileOutput = z.output<typeof pickFileOutput>

export const pickFile: ClientTool<typeof pickFileInput, typeof pickFileOutput> = {
  slug: 'pick_file',
  description: 'Ask the user which of several files to use.',
  component: '/components/PickFileCard#PickFileCard',
  inputSchema: pickFileInput,
  outputSchema: pickFileOutput,
  client: {
    kind: 'pick-file',
    access: ({ req }) => Boolean(req.user),
    validate: ({ input, output }) =>
      (input as PickFileInput).files.includes((output as PickFileOutput).file) ||
      'Pick one of the offered files.'
  }
}
