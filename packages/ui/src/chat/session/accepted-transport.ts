import type { ChatTransport, UIMessage } from 'ai'

/**
 * `transport`, telling `onAccepted()` when the server has taken a request: its response stream
 * began (FrogBot sends the `start` chunk once the message or the answers are stored, before the
 * model writes anything; the AI SDK's `Chat` stays `submitted` until the model's first part).
 */
export function acceptedTransport<MESSAGE extends UIMessage>(transport: ChatTransport<MESSAGE>, onAccepted: () => void): ChatTransport<MESSAGE> {
  return {
    ...transport,
    resumeStreamIsReplay: transport.resumeStreamIsReplay,
    close: transport.close?.bind(transport),
    reconnectToStream: transport.reconnectToStream.bind(transport),
    async sendMessages(options) {
      const stream = await transport.sendMessages(options)
      let told = false
      return stream.pipeThrough(
        new TransformStream({
          transform(chunk, controller) {
            if (!told) {
              told = true
              onAccepted()
            }
            controller.enqueue(chunk)
          }
        })
      )
    }
  }
}
