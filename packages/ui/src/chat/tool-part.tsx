import { useContext } from 'react'
import { useChatContext } from './chat-context.ts'
import { ToolActionsContext } from './tool-actions-context.ts'
import { type AnyToolPart, toolNameOf } from './tool-parts.ts'
import { findToolRenderer, type ToolRenderProps } from './tool-renderers.ts'
import { GenericToolRender } from './tools/generic/generic-tool-render.tsx'

/**
 * Renders one tool part with the renderer registered for it (`client.kind`, then the tool name),
 * else the generic renderer, and hands it the actions of the nearest `ToolActionsContext`.
 */
export function ToolPart({ part }: { part: AnyToolPart }) {
  const actions = useContext(ToolActionsContext)
  const { toolRenderers } = useChatContext()
  const name = toolNameOf(part)
  const clientTool = actions?.clientTool(name)
  const Render = findToolRenderer(toolRenderers, { name, kind: clientTool?.kind })?.render ?? GenericToolRender
  const props: ToolRenderProps = { part, ...(clientTool ? { clientTool } : {}) }
  const error = actions?.errorFor(part.toolCallId)
  if (error) props.error = error
  if (actions?.isReadonly) {
    props.isReadonly = true
    if (actions.channelLabel) props.channelLabel = actions.channelLabel
  } else if (actions?.canAnswer(part)) {
    props.addToolOutput = (output) => actions.addToolOutput(part, output)
    props.dismiss = (reason) => actions.dismiss(part, reason)
  }
  return <Render {...props} />
}
