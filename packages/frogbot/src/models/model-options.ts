import type { LanguageModel } from 'ai'
import type { ProvidersOptions } from './providers.ts'

/**
 * A model an agent uses: an alias from `ai.models` (such as `'fast'`), `'provider/model-id'`
 * (such as `'openai/gpt-4.1-mini'`), or any AI SDK `LanguageModel` instance.
 */
export type ModelReference = string | Exclude<LanguageModel, string>

/**
 * Models and providers.
 * - `providers`: keys and base URLs; each defaults to its environment variable
 *   (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GOOGLE_GENERATIVE_AI_API_KEY`,
 *   `OPENAI_COMPATIBLE_BASE_URL` for Ollama, vLLM or llama.cpp).
 * - `models`: alias → `'provider/model-id'`. With no provider configured every alias is the
 *   offline demo model.
 */
export type AiOptions = { providers?: ProvidersOptions; models?: Record<string, string> }
