import { channelNoticeText } from '@frogbotai/protocol'

/**
 * Replaces the composer of a channel conversation (seed: "Channel conversations"): "This
 * conversation happens in {channelLabel}. Continue it there, or branch it into a new chat.", with
 * Branch (a new private web chat with a copy of the whole conversation) when `onBranch` is given.
 */
export function ChannelConversationNotice({ channelLabel, onBranch }: { channelLabel: string; onBranch?: () => void }) {
  const [title, ...rest] = channelNoticeText(channelLabel).split(/(?<=\.) /)
  return (
    <div className="fb-notice" role="note">
      <p className="fb-notice-text">
        <strong>{title}</strong> {rest.join(' ')}
      </p>
      {onBranch ? (
        <button type="button" className="fb-button fb-button-primary" onClick={onBranch}>
          Branch
        </button>
      ) : null}
    </div>
  )
}
