import type { ToolRenderer, ToolRenderProps } from '@frogbotai/ui/chat'
import { type ComponentType, createElement } from 'react'

// Mapped by the admin page's import map to the app's components bundle (docs/chat/ui-registries.md): built by `frogbot build`, or on the fly by `frogbot serve` in development.
const COMPONENTS_SPECIFIER = 'frogbot:components'

/**
 * The components bundle: `components` (component path, e.g. `/components/PickFileCard#PickFileCard`
 * → the export), `tools` (each client tool of the config with a component: name, `client.kind`,
 * path) and `problems` (why a component is left out).
 */
type ComponentsModule = {
  components?: Record<string, unknown>
  tools?: { name: string; kind: string; component: string }[]
  problems?: string[]
}

/**
 * A renderer per client tool whose component is in the app's components bundle, matched on its
 * `client.kind` (seed: "Build a client tool"). A component receives the renderer props plus
 * `input` (the call's input). A tool whose component is missing keeps the generic form, and the
 * console says why; so does a bundle that does not load.
 */
export async function loadComponentRenderers(): Promise<ToolRenderer[]> {
  let module: ComponentsModule
  try {
    module = (await import(/* @vite-ignore */ COMPONENTS_SPECIFIER)) as ComponentsModule
  } catch (error) {
    console.warn(`frogbot admin: the app's components did not load, client tools get the generic form: ${String(error)}`)
    return []
  }
  for (const problem of module.problems ?? []) console.warn(`frogbot admin: ${problem}`)
  const renderers: ToolRenderer[] = []
  for (const tool of module.tools ?? []) {
    const component = module.components?.[tool.component]
    if (typeof component !== 'function' && !(component && typeof component === 'object')) {
      console.warn(`frogbot admin: ${tool.name}: ${tool.component} is not a component of the app's bundle; showing the generic form`)
      continue
    }
    const Component = component as ComponentType<ToolRenderProps & { input: unknown }>
    const render = (props: ToolRenderProps) => createElement(Component, { ...props, input: (props.part as { input?: unknown }).input })
    renderers.push({ kind: tool.kind, render })
  }
  return renderers
}
