import type { ToolRenderProps } from '@frogbotai/ui/chat'
import type { ToolUIPart } from 'ai'

type PickFilePart = ToolUIPart<{ pick_file: { input: { files: string[] }; output: { file: string } } }>

/** The seed's `pick_file` client tool (kind `pick-file`), answered with its own renderer: one button per file. */
export function PickFileCard({ part, addToolOutput, dismiss, error }: ToolRenderProps<PickFilePart>) {
  const files = part.input?.files ?? []
  if (part.state === 'output-available') {
    return (
      <section className="fb-card fb-card-done" aria-label="Picked file">
        <p className="fb-card-text">Picked {part.output.file}</p>
      </section>
    )
  }
  if (part.state === 'output-error') return <p className="fb-card fb-card-closed">{part.errorText}</p>
  return (
    <section className="fb-card" aria-label="Pick a file">
      <h3 className="fb-card-title">Pick a file</h3>
      <div className="fb-options">
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
