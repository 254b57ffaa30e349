import { TeamsAdapter, type TeamsAdapterConfig } from '@chat-adapter/teams'

/**
 * Chat SDK's Teams adapter, as it comes, whose Teams SDK writes only its errors to the console
 * (an activity a handler failed on, a call that failed): the SDK logs with a console logger of its
 * own, which the adapter gives no way to replace, and it would warn at every start of its
 * deprecated `skipAuth`, set because requests reach the adapter only once the piece verified them.
 * Someone who set `LOG` or `LOG_LEVEL` (the Teams SDK's switches) keeps their own choice.
 */
export function quietTeamsAdapter(config: TeamsAdapterConfig): TeamsAdapter {
  if (process.env.LOG !== undefined || process.env.LOG_LEVEL !== undefined) return new TeamsAdapter(config)
  process.env.LOG_LEVEL = 'error'
  try {
    return new TeamsAdapter(config)
  } finally {
    delete process.env.LOG_LEVEL
  }
}
