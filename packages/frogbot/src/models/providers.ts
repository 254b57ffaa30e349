import type { LanguageModel } from 'ai'

/** Key and optional base URL of one hosted provider. */
export type HostedProviderOptions = { apiKey?: string; baseURL?: string }

/**
 * Provider settings. Each one left out is read from the environment:
 * `OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GOOGLE_GENERATIVE_AI_API_KEY`, and for a local
 * OpenAI-compatible server (Ollama, vLLM, llama.cpp) `OPENAI_COMPATIBLE_BASE_URL` with the optional
 * `OPENAI_COMPATIBLE_API_KEY`. Its models are named `openai-compatible/<model-id>`; its `fast` and
 * `smart` aliases are both `OPENAI_COMPATIBLE_MODEL` (default `llama3.2`). A base URL must be an
 * `http:` or `https:` URL ({@link providerSettingProblems}).
 */
export type ProvidersOptions = {
  openai?: HostedProviderOptions
  anthropic?: HostedProviderOptions
  google?: HostedProviderOptions
  openaiCompatible?: { baseURL: string; apiKey?: string }
}

/** A configured provider: its name as used in `'provider/model-id'` and a model factory. */
export type ConfiguredProvider = {
  name: 'openai' | 'anthropic' | 'google' | 'openai-compatible'
  /** Aliases this provider offers when `ai.models` does not name them. */
  defaultModels: Record<string, string>
  languageModel: (modelId: string) => Exclude<LanguageModel, string>
}

/** The environment variable that configures each provider, for error messages. */
export const PROVIDER_ENV: Record<ConfiguredProvider['name'], string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  'openai-compatible': 'OPENAI_COMPATIBLE_BASE_URL'
}

/**
 * What is wrong with a `"provider/model-id"` target whatever the environment: a provider FrogBot
 * does not know, or no model id. Null when there is nothing (a provider missing its key is told
 * at start-up, by `resolveModel`). `buildConfig` reports it with every other problem.
 */
export function modelTargetProblem(target: string): string | null {
  if (target === 'frogbot/demo') return null
  const slash = target.indexOf('/')
  const providerName = target.slice(0, slash)
  if (!(providerName in PROVIDER_ENV)) return `"${target}" names an unknown provider "${providerName}"; use openai, anthropic, google or openai-compatible`
  if (!target.slice(slash + 1)) return `"${target}" has no model id after "${providerName}/"`
  return null
}

/**
 * What is wrong with the provider settings: each base URL that is not an `http:` or `https:` URL,
 * named by its config path (`ai.providers.openai.baseURL`) or, when read from the environment, by
 * `OPENAI_COMPATIBLE_BASE_URL`. Empty when all is well. `buildConfig` checks the config's own
 * settings (pass `env: {}`); start-up checks them with the environment, before the first message.
 */
export function providerSettingProblems(options: ProvidersOptions = {}, env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = []
  for (const name of ['openai', 'anthropic', 'google', 'openaiCompatible'] as const) {
    const baseURL: unknown = options?.[name]?.baseURL
    if (baseURL !== undefined && !isHttpURL(baseURL)) problems.push(`ai.providers.${name}.baseURL: ${baseURLRule(baseURL, name === 'openaiCompatible')}`)
  }
  const compatibleURL = env.OPENAI_COMPATIBLE_BASE_URL
  if (options?.openaiCompatible?.baseURL === undefined && compatibleURL && !isHttpURL(compatibleURL)) {
    problems.push(`OPENAI_COMPATIBLE_BASE_URL: ${baseURLRule(compatibleURL, true)}`)
  }
  return problems
}

function isHttpURL(value: unknown): boolean {
  if (typeof value !== 'string') return false
  const url = URL.parse(value)
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:')
}

function baseURLRule(value: unknown, local: boolean): string {
  return `${JSON.stringify(value)} must be an http:// or https:// URL of the provider's API${local ? ', e.g. http://localhost:11434/v1 for Ollama' : ''}`
}

/**
 * Providers that have a key (or, for OpenAI-compatible, a base URL), in a fixed order. Only their
 * SDK packages are loaded: a server without keys loads none of them.
 */
export async function configuredProviders(options: ProvidersOptions = {}, env: NodeJS.ProcessEnv = process.env): Promise<ConfiguredProvider[]> {
  const providers: ConfiguredProvider[] = []
  const openaiKey = options.openai?.apiKey ?? env.OPENAI_API_KEY
  if (openaiKey) {
    const { createOpenAI } = await import('@ai-sdk/openai')
    const openai = createOpenAI({ apiKey: openaiKey, baseURL: options.openai?.baseURL })
    providers.push({ name: 'openai', defaultModels: { fast: 'gpt-4.1-mini', smart: 'gpt-4.1' }, languageModel: (id) => openai.chat(id) })
  }
  const anthropicKey = options.anthropic?.apiKey ?? env.ANTHROPIC_API_KEY
  if (anthropicKey) {
    const { createAnthropic } = await import('@ai-sdk/anthropic')
    const anthropic = createAnthropic({ apiKey: anthropicKey, baseURL: options.anthropic?.baseURL })
    providers.push({ name: 'anthropic', defaultModels: { fast: 'claude-haiku-4-5', smart: 'claude-sonnet-4-5' }, languageModel: (id) => anthropic(id) })
  }
  const googleKey = options.google?.apiKey ?? env.GOOGLE_GENERATIVE_AI_API_KEY
  if (googleKey) {
    const { createGoogle } = await import('@ai-sdk/google')
    const google = createGoogle({ apiKey: googleKey, baseURL: options.google?.baseURL })
    providers.push({ name: 'google', defaultModels: { fast: 'gemini-2.5-flash', smart: 'gemini-2.5-pro' }, languageModel: (id) => google(id) })
  }
  const compatibleURL = options.openaiCompatible?.baseURL ?? env.OPENAI_COMPATIBLE_BASE_URL
  if (compatibleURL) {
    const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible')
    const compatible = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: compatibleURL,
      apiKey: options.openaiCompatible?.apiKey ?? env.OPENAI_COMPATIBLE_API_KEY
    })
    const localModel = env.OPENAI_COMPATIBLE_MODEL || 'llama3.2'
    providers.push({ name: 'openai-compatible', defaultModels: { fast: localModel, smart: localModel }, languageModel: (id) => compatible.chatModel(id) })
  }
  return providers
}
