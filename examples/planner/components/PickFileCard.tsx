import type { ToolRenderProps } from '@frogbotai/ui/chat'
import type { ToolUIPart } from 'ai'

type PickFilePart = ToolUIPart<{ pick_file: { input: { files: string[] }; output: { file: string } } }>

/**
 * The planner's card for its `pick_file` client tool (the seed's `component:
 * '/components/PickFileCard#PickFileCard'`): one button per offered file while the call waits, the
 * picked file once it is answered, and the files without buttons in a channel conversation.
 */
export function PickFileCard({ part, addToolOutput, dismiss, isReadonly, channelLabel, error }: ToolRenderProps<PickFilePart>) {
  const files = part.input?.files ?? []
  if (part.state === 'input-streaming') {
    return <p className="fb-card fb-card-compact">Preparing the files…</p>
  }
  if (part.state === 'output-available') {
    return (
      <section className="fb-card fb-card-done" aria-label="Picked file">
        <h3 className="fb-card-title">Picked file</h3>
        <p className="fb-card-text">{part.output.file}</p>
      </section>
    )
  }
  if (part.state === 'output-error' || part.state === 'output-denied') {
    return (
      <section className="fb-card fb-card-closed" aria-label="Pick a file">
        <h3 className="fb-card-title">Pick a file</h3>
        <p className="fb-card-text">{part.state === 'output-error' ? part.errorText : 'Not answered.'}</p>
      </section>
    )
  }
  return (
    <section className={isReadonly ? 'fb-card fb-card-readonly' : 'fb-card'} aria-label="Pick a file">
      <h3 className="fb-card-title">Pick a file</h3>
      {isReadonly ? <p className="fb-card-text">Waiting for an answer in {channelLabel ?? 'the channel'}</p> : null}
      <div className="fb-options" role="group" aria-label="Files">
        {files.map((file) => (
          <button key={file} type="button" className="fb-button" disabled={!addToolOutput} onClick={() => addToolOutput?.({ file })}>
            {file}
          </button>
        ))}
      </div>
      {error ? <p role="alert" className="fb-card-error">{error}</p> : null}
      {dismiss ? (
        <button type="button" className="fb-button fb-button-quiet" onClick={() => dismiss()}>
          Dismiss
        </button>
      ) : null}
    </section>
  )
}
