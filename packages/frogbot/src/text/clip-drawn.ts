import { clipText } from './clip-text.ts'
import { drawnText } from './drawn-text.ts'

/** Text of a model's or a person's as a piece draws it: control and bidi-override characters stripped (`drawnText`), then cut to at most `max` UTF-16 units with "…" (`clipText`). */
export const clipDrawn = (text: string, max: number): string => clipText(drawnText(text), max)
