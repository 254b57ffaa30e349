import { TeamsAdapter, type TeamsAdapterConfig } from '@chat-adapter/teams'
import { withEnvDefaults } from 'frogbot/channels'

/**
 * Chat SDK's Teams adapter, as it comes, whose Teams SDK writes only its errors to the console
 * (an activity a handler failed on, a call that failed): the SDK logs with a console logger of its
 * own, which the adapter gives no way to replace, and it would warn at every start of its
 * deprecated `skipAuth`, set because requests reach the adapter only once the piece verified them.
 * Someone who set `LOG` or `LOG_LEVEL` (the Teams SDK's switches) keeps their own choice (the
 * kit's `withEnvDefaults`).
 */
export const quietTeamsAdapter = (config: TeamsAdapterConfig): TeamsAdapter =>
  withEnvDefaults({ LOG_LEVEL: 'error' }, () => new TeamsAdapter(config), ['LOG'])
